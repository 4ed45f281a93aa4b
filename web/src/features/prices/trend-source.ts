import type { NeedLine } from '../../../../shared/basket/needs.ts';
import type { RecipeLine } from '../../../../shared/nutrition/types.ts';

/** What a cost trend prices: a recipe's lines, or a basket's lines to buy (price-basket's answer). */
export type TrendSource =
  | { kind: 'recipe'; lines: readonly RecipeLine[] }
  | { kind: 'basket'; lines: readonly NeedLine[] };

/** The ingredients the lines are of, once each, named as the lines name them. */
export function trendIngredients(source: TrendSource): { id: number; name: string }[] {
  const all =
    source.kind === 'recipe'
      ? source.lines.flatMap((l) =>
          l.ingredients ? [{ id: l.ingredients.id, name: l.ingredients.name }] : [],
        )
      : source.lines.flatMap((l) =>
          l.ingredient_id !== null ? [{ id: l.ingredient_id, name: l.name }] : [],
        );
  const byId = new Map<number, { id: number; name: string }>();
  for (const i of all) if (!byId.has(i.id)) byId.set(i.id, i);
  return [...byId.values()];
}
