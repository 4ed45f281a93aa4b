import { describe, expect, it } from 'vitest';
import { shoppingNeeds } from '../../../../shared/basket/needs.ts';
import { priceRecord } from '../../../../shared/testing/lines.ts';
import { withPackets } from './packets.ts';

const spaghetti = priceRecord({
  coles_measure: '500g',
  coles_unit_price_current: 2,
  aldi_measure: '1kg',
  aldi_unit_price_current: 1.89,
});

describe('withPackets', () => {
  it('gives packets of a built-in ingredient the smallest pack a chain sells, and leaves the rest', () => {
    const items = [
      { name: 'spaghetti', ingredient_id: 6, quantity: 2, unit: 'packets' },
      { name: 'spaghetti', ingredient_id: 6, quantity: 200, unit: 'g' },
      { name: 'tea bags', ingredient_id: null, quantity: 1, unit: 'packet' },
    ];
    const held = withPackets(items, new Map([[6, spaghetti]]));
    expect(held.map((i) => i.pack)).toEqual([{ size: 500, unit: 'g' }, undefined, undefined]);
    // What the plan's list then counts: 2 × 500 g + 200 g against 1.5 kg.
    const line = {
      quantity: '1500',
      measurements: { name: 'g' },
      ingredients: { id: 6, name: 'spaghetti', protein: 0, carbs: 0, fats: 0, calories: 0 },
    };
    const [need] = shoppingNeeds(
      [{ label: 'Mon', recipe: { portions: 4, recipe_ingredients: [line] } }],
      held,
    );
    expect(need).toMatchObject({ need: 1500, have: 1200, buy: 300 });
  });

  it('gives packets of an ingredient of your own the pack you gave it', () => {
    const own = { pack_size: 250, pack_unit: 'g' };
    const items = [
      { name: 'Nan’s granola', ingredient_id: 900, quantity: 3, unit: 'packet', ingredients: own },
      // Another member's own ingredient: row-level security hides it, so its packet stays 1.
      { name: 'Sam’s chilli oil', ingredient_id: 901, quantity: 2, unit: 'packet', ingredients: null },
      // A pack the form would refuse is no pack.
      {
        name: 'odd',
        ingredient_id: 902,
        quantity: 1,
        unit: 'packet',
        ingredients: { pack_size: 5, pack_unit: 'L' },
      },
      // A built-in ingredient has no pack of its own (ingredients_pack_own): a chain's.
      { name: 'spaghetti', ingredient_id: 6, quantity: 1, unit: 'packet', ingredients: null },
    ];
    const held = withPackets(items, new Map([[6, spaghetti]]));
    expect(held.map((i) => i.pack)).toEqual([{ size: 250, unit: 'g' }, null, null, { size: 500, unit: 'g' }]);
  });
});
