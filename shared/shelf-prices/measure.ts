import type { PackUnit } from './feed.ts';
import { packMeasureText } from './shelf-price.ts';

/** A chain product's pack as stored (public.chain_products). */
export interface ProductPack {
  pack_size: number;
  pack_unit: PackUnit;
  /** Grams per item, for a product sold by count. */
  grams_each?: number | null;
}

/**
 * The pack measure `ingredient_prices` holds for a chain's product (issue 18: derived from the
 * product, via packMeasureText): '500g', '1.25L', a loose product's '1kg'. A product sold by
 * count whose items have a known weight is written as their total weight (12 eggs of 58 g →
 * '696g'), so recipes that weigh it are priced by weight; without one it is '12 each', which
 * priceRecipe counts with the ingredient's own per-item weight. The database writes the same
 * text (price_import.pack_measure_text), proved equal by stack/tests/prices-derive.test.ts.
 * '' for a pack that is not positive. Never throws.
 */
export function ingredientPackMeasure(pack: ProductPack): string {
  if (typeof pack !== 'object' || pack === null) return '';
  const { pack_size: size, pack_unit: unit, grams_each: each } = pack;
  if (typeof size !== 'number' || !(size > 0) || !Number.isFinite(size)) return '';
  if (unit === 'each' && typeof each === 'number' && each > 0 && Number.isFinite(each))
    return packMeasureText({ size: size * each, unit: 'g' });
  if (unit !== 'g' && unit !== 'mL' && unit !== 'each') return '';
  return packMeasureText({ size, unit });
}
