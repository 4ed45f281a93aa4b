import type { ItemValues } from '../../components/ui/item-fields.ts';

/**
 * Adds lines to the household's list from another screen (a recipe, "What can I cook?"). The
 * list's store, with its offline queue, loads then: those screens never need it otherwise.
 */
export function addFromElsewhere(householdId: string, items: ItemValues[]): Promise<void> {
  return import('./store.ts').then(({ addToShopping }) => addToShopping(householdId, items));
}
