import { FunctionsHttpError } from '@supabase/supabase-js';
import type { Tables } from '../../../../supabase/database.types.ts';
import { PlainError } from '../../lib/errors.ts';
import { supabase } from '../../lib/supabase.ts';

export type Cook = Pick<Tables<'cooks'>, 'id' | 'name' | 'user_id'>;

/** Spec 8 messages for deleting a cook. */
export const COOK_STILL_ASSIGNED =
  'This cook is still assigned to one or more meals. Please unassign them before deleting.';
export const COOK_DELETE_FAILED = 'An error occurred while deleting the cook.';
export const COOK_ADD_FAILED = 'An error occurred while adding the cook.';

const COLUMNS = 'id, name, user_id';

export async function listCooks(householdId: string): Promise<Cook[]> {
  const { data, error } = await supabase
    .from('cooks')
    .select(COLUMNS)
    .eq('household_id', householdId)
    .order('name');
  if (error) throw error;
  return (data ?? []) as Cook[];
}

/** Adds through the add-cook function, whose `{error}` carries the catalogue message (spec 8). */
export async function addCook(name: string): Promise<Cook> {
  const { data, error } = await supabase.functions.invoke<{ cook: Cook }>('add-cook', { body: { name } });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => null)) as { error?: unknown } | null;
      // add-cook answers with the catalogue's messages (spec 8) and the field's (shared/limits).
      throw new PlainError(typeof body?.error === 'string' ? body.error : COOK_ADD_FAILED);
    }
    throw new PlainError(COOK_ADD_FAILED, true);
  }
  if (!data?.cook) throw new PlainError(COOK_ADD_FAILED);
  return data.cook;
}

export async function deleteCook(id: string): Promise<void> {
  const { error } = await supabase.from('cooks').delete().eq('id', id);
  if (error) throw new PlainError(error.code === '23503' ? COOK_STILL_ASSIGNED : COOK_DELETE_FAILED);
}
