import { listAmounts, type NeedLine } from '../../../../shared/basket/needs.ts';

/** A line as write_plan_lines takes it. */
export interface PlanLineInput {
  key: string;
  name: string;
  ingredient_id: number | null;
  quantity: number;
  need: number;
  unit: string;
  meals: string[];
}

/** The lines with something to buy, in the unit they are summed in (g, mL, each, or their own). */
export function planLinesToWrite(needs: readonly NeedLine[]): PlanLineInput[] {
  return needs.flatMap((n) => {
    const unit = n.base ?? n.unit;
    if (!(n.buy > 0) || unit === undefined) return [];
    const { need, buy } = listAmounts(n);
    return [
      {
        key: n.key,
        name: n.name,
        ingredient_id: n.ingredient_id,
        quantity: buy,
        need,
        unit,
        meals: n.meals,
      },
    ];
  });
}
