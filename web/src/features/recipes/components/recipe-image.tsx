import type { CSSProperties } from 'react';
import { recipePhotoUrl } from '../api.ts';
import '../recipes.css';
import { thumbPathOf } from '../photo-paths.ts';
import { placeholderArt } from '../placeholder.ts';

/** A spot of colour on the 320 × 200 canvas, in percentages so it scales with the frame. */
function spot(rx: number, ry: number, cx: number, cy: number, colour: string): string {
  const x = (n: number) => `${((n / 320) * 100).toFixed(2)}%`;
  const y = (n: number) => `${((n / 200) * 100).toFixed(2)}%`;
  return `radial-gradient(${x(rx)} ${y(ry)} at ${x(cx)} ${y(cy)}, ${colour} 96%, transparent 100%)`;
}

/** Drawn backgrounds by meal type and name: a list redrawn draws each one once. */
const drawn = new Map<string, { style: CSSProperties; initial: string }>();

/**
 * The placeholder drawing in CSS gradients on one element: a dozen SVG nodes per card (or an SVG
 * image, a document of its own each) cost the browser far more to lay out and paint.
 */
function placeholder(name: string, mealType: string | null): { style: CSSProperties; initial: string } {
  const key = `${mealType ?? ''}\u0000${name}`;
  const known = drawn.get(key);
  if (known !== undefined) return known;
  const art = placeholderArt(name, mealType);
  const fade = (colour: string, percent: number) => `color-mix(in srgb, ${colour} ${percent}%, transparent)`;
  const style: CSSProperties = {
    backgroundColor: art.background,
    backgroundImage: [
      spot(78, 56, 160, 100, art.plate),
      spot(86, 62, 160, 104, art.rim),
      ...art.dots.map((d) => spot(d.r, d.r, d.cx, d.cy, fade(d.fill, 85))),
      `linear-gradient(175deg, transparent 65%, ${fade(art.cloth, 60)} 65%)`,
    ].join(', '),
    color: art.ink,
  };
  const drawing = { style, initial: art.initial };
  drawn.set(key, drawing);
  return drawing;
}

/** Decorative: the recipe's name is always beside it. */
function Placeholder({ name, mealType }: { name: string; mealType: string | null }) {
  const { style, initial } = placeholder(name, mealType);
  return (
    <div className="recipe-image-art" style={style} aria-hidden="true">
      {initial}
    </div>
  );
}

/**
 * A recipe's picture: its photo (the thumbnail on cards, the large one on the detail page) or
 * the drawn placeholder. Decorative: the name is beside it.
 */
export function RecipeImage({
  recipe,
  size,
}: {
  recipe: { name: string; meal_type: string | null; photo_path?: string | null };
  size: 'thumb' | 'large';
}) {
  const path = recipe.photo_path;
  return (
    <div className={`recipe-image ${size}`}>
      {path ? (
        <img
          src={recipePhotoUrl(size === 'thumb' ? thumbPathOf(path) : path)}
          alt=""
          loading={size === 'thumb' ? 'lazy' : 'eager'}
          decoding="async"
        />
      ) : (
        <Placeholder name={recipe.name} mealType={recipe.meal_type} />
      )}
    </div>
  );
}
