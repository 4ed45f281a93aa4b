import type { PantryRow } from '../../../shared/put-away/put-away.ts';
import type { WithIngredientPack } from '../features/pantry/packets.ts';
import { allRows } from './all-rows.ts';
import { supabase } from './supabase.ts';

/**
 * The household's pantry as putting shopping away and cooking a meal read it (issue 25), oldest
 * first, so amounts merge into and are taken from the same rows every time; with the pack of an
 * ingredient of the reader's own, which its packets are (withPackets).
 */
export async function listPantryRows(householdId: string): Promise<(PantryRow & WithIngredientPack)[]> {
  return allRows((from, to) =>
    supabase
      .from('pantry')
      .select('id, name, ingredient_id, quantity, unit, ingredients(pack_size, pack_unit)')
      .eq('household_id', householdId)
      .order('created_at')
      .order('id')
      .range(from, to),
  );
}
