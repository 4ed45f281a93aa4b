import { packCountText } from '../../../../../shared/basket/basket.ts';
import { formatLeftover } from '../../../../../shared/display/amount.ts';
import { CHAIN_NAMES } from '../../../../../shared/pricing/types.ts';
import { formatCents } from '../../../lib/format.ts';
import type { WeekLeftovers } from '../compute.ts';
import { PlanControl } from './plan-control.tsx';

/** "Use up what is left": this week's leftover packs, and recipes for the days still free. */
export function LeftoversPanel({
  week,
  freeDays,
  onPlan,
}: {
  week: WeekLeftovers;
  freeDays: readonly string[];
  onPlan: (recipeId: string, date: string) => Promise<void>;
}) {
  const { leftovers, suggestions, chain } = week;
  return (
    <section className="card cook-leftovers" aria-labelledby="leftovers-title">
      <h2 id="leftovers-title">Use up what is left</h2>
      {leftovers.length === 0 ? (
        <p className="muted">
          This week's basket leaves nothing over. Plan meals to see what whole packs leave.
        </p>
      ) : (
        <>
          <p className="small muted">
            Whole packs from {chain ? CHAIN_NAMES[chain] : 'the cheapest chain'} leave, after this week's
            meals:
          </p>
          <ul className="cook-leftover-list" aria-label="Leftovers">
            {leftovers.map((l) => (
              <li key={l.key}>
                {l.name} · {formatLeftover(l.amount, l.base, l.name)}{' '}
                <span className="small muted">({packCountText(l.packs, l.pack)})</span>
              </li>
            ))}
          </ul>
          <h3>Recipes that use them</h3>
          {suggestions.length === 0 ? (
            <p className="muted">No recipe you can see uses these leftovers.</p>
          ) : freeDays.length === 0 ? (
            <p className="muted">Every day of the week has a meal planned; free a day to use these up.</p>
          ) : null}
          <ul className="cook-suggestions" aria-label="Recipes that use the leftovers">
            {suggestions.map((s) => (
              <li key={s.recipe.id}>
                <span>
                  <strong>{s.recipe.name}</strong>{' '}
                  <span className="small muted">
                    uses {s.uses === 1 ? '1 leftover' : `${s.uses} leftovers`},{' '}
                    {s.addsCents === 0
                      ? 'adds nothing to the bill'
                      : s.addsCents === null
                        ? 'adds lines no chain prices'
                        : `adds ${formatCents(s.addsCents)}`}
                  </span>
                </span>
                <PlanControl
                  name={s.recipe.name}
                  dates={freeDays}
                  label="Plan it"
                  onPlan={(date) => onPlan(s.recipe.id, date)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
