import { describe, expect, it } from 'vitest';
import { line } from '../testing/lines.ts';
import { nutritionPerPortion } from './per-portion.ts';

const flour = { protein: 10, carbs: 76, fats: 1, calories: 364 };

describe('nutritionPerPortion (spec 5 nutrition, spec 3 derived nutrition)', () => {
  it('computes per 100 g of ingredient', () => {
    expect(nutritionPerPortion([line('200', 'g', 'plain flour', flour)], 1)).toEqual({
      caloriesPerPortion: 728,
      proteinPerPortion: 20,
      carbsPerPortion: 152,
      fatsPerPortion: 2,
    });
  });

  it('sums the lines', () => {
    const egg = { protein: 12.6, carbs: 0.7, fats: 9.5, calories: 143 };
    const result = nutritionPerPortion(
      [line('100', 'g', 'plain flour', flour), line('2', 'piece', 'egg', egg)],
      1,
    );
    // flour 100 g: 364 kcal; eggs 2 × 50 g: 143 kcal.
    expect(result.caloriesPerPortion).toBe(507);
    expect(result.proteinPerPortion).toBe(23);
  });

  it('divides by portions and rounds each to a whole number', () => {
    const result = nutritionPerPortion([line('100', 'g', 'plain flour', flour)], 3);
    expect(result).toEqual({
      caloriesPerPortion: 121,
      proteinPerPortion: 3,
      carbsPerPortion: 25,
      fatsPerPortion: 0,
    });
  });

  it('treats absent or invalid portions as 1', () => {
    const one = nutritionPerPortion([line('100', 'g', 'plain flour', flour)], 1);
    expect(nutritionPerPortion([line('100', 'g', 'plain flour', flour)])).toEqual(one);
    expect(nutritionPerPortion([line('100', 'g', 'plain flour', flour)], null)).toEqual(one);
    expect(nutritionPerPortion([line('100', 'g', 'plain flour', flour)], 0)).toEqual(one);
    expect(nutritionPerPortion([line('100', 'g', 'plain flour', flour)], -2)).toEqual(one);
    expect(nutritionPerPortion([line('100', 'g', 'plain flour', flour)], Number.NaN)).toEqual(one);
  });

  it('converts units to grams through the ingredient name, missing unit = grams', () => {
    // 1 tsp salt = 5 g (spec 9); a missing unit reads 5 as 5 g.
    const salt = { calories: 1000 };
    expect(nutritionPerPortion([line('1', 'tsp', 'salt', salt)]).caloriesPerPortion).toBe(50);
    expect(nutritionPerPortion([line('5', null, 'salt', salt)]).caloriesPerPortion).toBe(50);
    expect(
      nutritionPerPortion([line('1', 'piece', 'brown onion', { calories: 40 })]).caloriesPerPortion,
    ).toBe(72);
  });

  it('parses quantities as spec 5 does', () => {
    const c = { calories: 100 };
    expect(nutritionPerPortion([line('1 1/2', 'kg', 'x', c)]).caloriesPerPortion).toBe(1500);
    expect(nutritionPerPortion([line('½', 'kg', 'x', c)]).caloriesPerPortion).toBe(500);
    expect(nutritionPerPortion([line('to taste', 'kg', 'x', c)]).caloriesPerPortion).toBe(0);
    expect(nutritionPerPortion([line(250, null, 'x', c)]).caloriesPerPortion).toBe(250);
  });

  it('accepts numeric strings and ignores missing or bad nutrient values', () => {
    const result = nutritionPerPortion([
      line('100', 'g', 'x', { protein: '10.5', carbs: null, fats: 'abc', calories: '-5' }),
    ]);
    expect(result).toEqual({
      caloriesPerPortion: 0,
      proteinPerPortion: 11,
      carbsPerPortion: 0,
      fatsPerPortion: 0,
    });
  });

  it('skips lines without an ingredient and survives an empty or bad list', () => {
    const zero = { caloriesPerPortion: 0, proteinPerPortion: 0, carbsPerPortion: 0, fatsPerPortion: 0 };
    expect(nutritionPerPortion([{ quantity: '1', measurements: null, ingredients: null }])).toEqual(zero);
    expect(nutritionPerPortion([])).toEqual(zero);
    expect(nutritionPerPortion(null as unknown as [])).toEqual(zero);
  });
});
