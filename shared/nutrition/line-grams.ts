import { parseQuantity } from '../quantity/parse.ts';
import { toGrams } from '../units/to-grams.ts';
import type { RecipeLine } from './types.ts';

/**
 * Grams of a recipe line: its quantity parsed (spec 5) and converted through the unit and
 * ingredient name (spec 5, 9). A missing measurement means grams. Malformed lines give 0.
 */
export function lineGrams(line: RecipeLine): number {
  if (line === null || typeof line !== 'object') return 0;
  const quantity = parseQuantity(line.quantity);
  if (quantity === 0) return 0;
  const m = line.measurements;
  const unit = m !== null && typeof m === 'object' && typeof m.name === 'string' ? m.name : null;
  const ingredient = line.ingredients;
  const name = ingredient !== null && typeof ingredient === 'object' ? ingredient.name : '';
  return toGrams(quantity, unit, typeof name === 'string' ? name : '', ingredient);
}
