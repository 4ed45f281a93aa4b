import { FunctionsHttpError } from '@supabase/supabase-js';
import type { Basket } from '../../../../shared/basket/basket.ts';
import type { NeedLine } from '../../../../shared/basket/needs.ts';
import { PlainError } from '../../lib/errors.ts';
import { supabase } from '../../lib/supabase.ts';
import type { PlanLineInput } from './plan-lines.ts';

export interface PlanWriteResult {
  added: number;
  updated: number;
  removed: number;
  kept: number;
}

/**
 * Writes the plan's lines into the list (write_plan_lines: updates the plan's own lines, adds
 * missing ones, removes ones no longer needed; never touches ticked, edited or hand-added lines).
 * Row-level security decides whose list it is.
 */
export async function writePlanLines(lines: PlanLineInput[]): Promise<PlanWriteResult> {
  const { data, error } = await supabase.rpc('write_plan_lines', { lines: lines as never });
  if (error) throw error;
  return data as unknown as PlanWriteResult;
}

/** The price-basket function's answer: the list's lines, their basket, and whether any price is sample data. */
export interface BasketAnswer {
  lines: NeedLine[];
  basket: Basket;
  sample: boolean;
}

const UNAVAILABLE = 'Prices are unavailable right now.';

/** The caller's unticked shopping list priced as whole packs at each chain (Edge Function price-basket). */
export async function priceShoppingList(): Promise<BasketAnswer> {
  const { data, error } = await supabase.functions.invoke<BasketAnswer>('price-basket', { body: {} });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => null)) as { error?: unknown } | null;
      throw new PlainError(typeof body?.error === 'string' ? body.error : UNAVAILABLE);
    }
    throw new PlainError(UNAVAILABLE, true);
  }
  if (!data?.basket) throw new PlainError(UNAVAILABLE);
  return data;
}
