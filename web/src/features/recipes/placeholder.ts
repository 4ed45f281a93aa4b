/**
 * The picture a recipe without a photo gets: a plate on a cloth in its meal type's colours,
 * varied by its name, with its initial on the plate. Drawn, so no stock photo is shipped.
 */
export interface PlaceholderArt {
  background: string;
  cloth: string;
  plate: string;
  rim: string;
  ink: string;
  initial: string;
  /** Garnish dots around the plate: centre and radius on a 320 × 200 canvas. */
  dots: { cx: number; cy: number; r: number; fill: string }[];
}

/** Background, stripe and garnish colours per meal type (warm mornings, green lunches, deep dinners). */
const PALETTES: Record<string, readonly [string, string, readonly string[]]> = {
  breakfast: ['#fdf0d5', '#f6d58e', ['#e9a23b', '#d9653b', '#8fb35a']],
  lunch: ['#e6f2df', '#bcdcaa', ['#5b9a46', '#e7b43c', '#d2553f']],
  dinner: ['#f7e1d7', '#e7b29b', ['#b5482f', '#6d8f3e', '#7a4a8c']],
  snack: ['#f6e3ee', '#e3b3cf', ['#c2457c', '#f0a23b', '#5d9c8e']],
  other: ['#e1eff0', '#acd3d6', ['#2f7f86', '#e3a33b', '#c4513c']],
};

/** A small, stable hash (FNV-1a) so the same name always draws the same picture. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function placeholderArt(name: string, mealType: string | null): PlaceholderArt {
  const [background, cloth, garnish] = PALETTES[mealType ?? ''] ?? PALETTES.other!;
  let seed = hash(name.trim().toLowerCase() || 'recipe');
  const next = () => {
    seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) >>> 0;
    return seed / 0xffffffff;
  };
  const dots = Array.from({ length: 7 }, (_, i) => {
    const angle = (i / 7) * Math.PI * 2 + next() * 0.6;
    const distance = 92 + next() * 40;
    return {
      cx: Math.round(160 + Math.cos(angle) * distance * 1.3),
      cy: Math.round(100 + Math.sin(angle) * distance * 0.7),
      r: Math.round(5 + next() * 9),
      fill: garnish[i % garnish.length]!,
    };
  });
  const initial = [...name.trim()][0]?.toLocaleUpperCase('en-AU') ?? '?';
  return { background, cloth, plate: '#fffdf8', rim: cloth, ink: garnish[0]!, initial, dots };
}
