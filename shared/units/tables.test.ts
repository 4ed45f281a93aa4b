import { describe, expect, it } from 'vitest';
import { CUP_PORTIONS } from './data/cup-weights.ts';
import { ITEM_WEIGHTS } from './data/item-weights.ts';
import { PREFERRED_UNITS } from './data/preferred-units.ts';
import { SPEC_TEASPOON_GRAMS, TEASPOON_PORTIONS } from './data/teaspoon-weights.ts';
import { density } from './data/usda.ts';
import { DEFAULT_UNIT_FACTORS } from './factors.ts';
import { nameKey } from './ingredient-names.ts';
import { allProfiles, ingredientProfile } from './profiles.ts';

const keys = (names: string[]): Set<string> => new Set(names.map(nameKey));

describe('data tables (spec 9 ingredient-specific data)', () => {
  it('has teaspoon weights for about 90 ingredients', () => {
    expect(keys(TEASPOON_PORTIONS.map((r) => r[0])).size).toBeGreaterThanOrEqual(85);
  });

  it('has cup weights for herbs, yoghurt, cheeses, flours, sugars, nuts, rice and lentils', () => {
    const cup = keys(CUP_PORTIONS.map((r) => r[0]));
    for (const name of [
      'basil',
      'yoghurt',
      'cheddar',
      'plain flour',
      'brown sugar',
      'almond',
      'rice',
      'lentil',
    ]) {
      expect(cup.has(nameKey(name)), name).toBe(true);
    }
  });

  it('has the spec per-item weights and teaspoon samples', () => {
    const item = new Map(ITEM_WEIGHTS.map((r) => [r.name, r]));
    expect(item.get('brown onion')?.each).toBe(180);
    expect(item.get('carrot')?.each).toBe(170);
    expect(item.get('lemon')?.each).toBe(65);
    expect(item.get('lettuce')?.each).toBe(400);
    expect(item.get('garlic')?.units?.clove).toBe(5);
    expect(item.get('egg')?.each).toBe(50);
    expect(SPEC_TEASPOON_GRAMS).toEqual({ salt: 5, sugar: 4, honey: 7, butter: 5 });
  });

  it('holds plausible densities (0.03 to 1.6 g/mL) and positive weights', () => {
    for (const row of [...TEASPOON_PORTIONS, ...CUP_PORTIONS]) {
      expect(density(row), row[0]).toBeGreaterThan(0.03);
      expect(density(row), row[0]).toBeLessThan(1.6);
    }
    for (const row of ITEM_WEIGHTS) expect(row.each, row.name).toBeGreaterThan(0);
  });

  it('lists preferred units that are known units', () => {
    const known = new Set(Object.keys(DEFAULT_UNIT_FACTORS));
    for (const [name, units] of Object.entries(PREFERRED_UNITS)) {
      expect(units.length, name).toBeGreaterThan(0);
      for (const u of units) expect(known.has(u), `${name}: ${u}`).toBe(true);
    }
  });

  it('finds every row of every table by its own name, with no two rows collapsing into one', () => {
    const tables: [string, string[]][] = [
      ['teaspoon', TEASPOON_PORTIONS.map((r) => r[0])],
      ['cup', CUP_PORTIONS.map((r) => r[0])],
      ['item', ITEM_WEIGHTS.map((r) => r.name)],
      ['preferred', Object.keys(PREFERRED_UNITS)],
    ];
    for (const [table, names] of tables) {
      const seen = new Map<string, string>();
      for (const name of names) {
        const key = nameKey(name);
        expect(seen.get(key), `${table}: '${name}' and '${seen.get(key)}' are the same key`).toBeUndefined();
        seen.set(key, name);
        expect(ingredientProfile(name).key, `${table}: ${name}`).toBe(key);
      }
    }
  });

  it('resolves every profile to finite positive factors for every spec unit', () => {
    for (const profile of allProfiles().values()) {
      for (const unit of Object.keys(DEFAULT_UNIT_FACTORS)) {
        const f = profile.factors[unit];
        expect(f !== undefined && Number.isFinite(f) && f > 0, `${profile.key} ${unit}`).toBe(true);
      }
    }
  });
});
