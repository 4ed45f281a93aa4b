import { describe, expect, it } from 'vitest';
import { matchKey, nameKey, nameTokens, singular } from './ingredient-names.ts';

describe('ingredient name matching', () => {
  it('singularises words', () => {
    expect(singular('tomatoes')).toBe('tomato');
    expect(singular('berries')).toBe('berry');
    expect(singular('leaves')).toBe('leaf');
    expect(singular('bunches')).toBe('bunch');
    expect(singular('chillies')).toBe('chilli');
    expect(singular('onions')).toBe('onion');
    expect(singular('asparagus')).toBe('asparagus');
    expect(singular('peas')).toBe('pea');
  });

  it('reads "head, qualifier" as "qualifier head" and drops preparation words', () => {
    expect(nameKey('Onion, brown')).toBe('brown onion');
    expect(nameKey('Brown onions, finely chopped')).toBe('brown onion');
    expect(nameKey('Tomatoes (ripe), diced')).toBe('tomato');
    expect(nameTokens('Self-raising flour')).toEqual(['self', 'raising', 'flour']);
  });

  it('matches the longest run ending at the head noun, dropping trailing part words', () => {
    const table = new Set(['olive oil', 'oil', 'garlic', 'stock']);
    const has = (k: string): boolean => table.has(k);
    expect(matchKey(['extra', 'virgin', 'olive', 'oil'], has)).toBe('olive oil');
    expect(matchKey(['chicken', 'stock'], has)).toBe('stock');
    expect(matchKey(['garlic', 'clove'], has)).toBe('garlic');
    expect(matchKey(['garlic', 'clove', 'leaf'], has)).toBe('garlic');
    expect(matchKey(['garlic', 'bread'], has)).toBeNull();
    expect(matchKey([], has)).toBeNull();
  });
});
