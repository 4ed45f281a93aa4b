import type { NeedLine, PantryHolding } from '../basket/needs.ts';
import { stateOfUseBy } from '../dates/use-by.ts';
import { nameKey } from './coverage.ts';

/** What in the pantry is due to be used today or within the next few days (not yet past it). */
export interface ToUseSoon {
  ids: ReadonlySet<number>;
  names: ReadonlySet<string>;
}

/**
 * The pantry's items to use soon on `today` (stateOfUseBy 'today' or 'soon'). One gone past its
 * day is not offered for cooking: a use-by day is a safety date, so the pantry shows it to throw
 * out instead.
 */
export function toUseSoon(
  pantry: readonly (PantryHolding & { use_by?: string | null })[],
  today: string,
): ToUseSoon {
  const ids = new Set<number>();
  const names = new Set<string>();
  for (const item of Array.isArray(pantry) ? pantry : []) {
    if (!item || typeof item !== 'object') continue;
    const state = stateOfUseBy(item.use_by, today);
    if (state !== 'today' && state !== 'soon') continue;
    if (typeof item.ingredient_id === 'number') ids.add(item.ingredient_id);
    else if (typeof item.name === 'string') names.add(nameKey(item.name));
  }
  return { ids, names };
}

/** The names of a recipe's lines the pantry gives something to from what is to be used soon. */
export function usesUp(lines: readonly NeedLine[], soon: ToUseSoon): string[] {
  if (!(soon?.ids instanceof Set && soon.names instanceof Set) || !Array.isArray(lines)) return [];
  if (soon.ids.size === 0 && soon.names.size === 0) return [];
  return (
    lines
      .filter((l) => l && typeof l === 'object' && typeof l.name === 'string')
      // As the pantry is matched to a line: by its ingredient, or a free-text item of its name.
      .filter(
        (l) =>
          (l.have > 0 || l.buy < l.need) &&
          ((l.ingredient_id !== null && soon.ids.has(l.ingredient_id)) || soon.names.has(nameKey(l.name))),
      )
      .map((l) => l.name)
  );
}
