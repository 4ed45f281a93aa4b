import { CHAIN_NAMES, CHAINS } from '../../../../../shared/pricing/types.ts';
import { SampleBadge } from '../../../components/ui/sample-badge.tsx';
import { formatAud } from '../../../lib/format.ts';
import type { Chain } from '../api.ts';
import type { IngredientCost } from '../derive.ts';

/** Per-ingredient cost at each chain for the chosen portions; a dash where a chain has no price. */
export function PriceBreakdown({
  lines,
  cheapest,
  sample,
}: {
  lines: readonly IngredientCost[];
  cheapest: Chain | null;
  sample: boolean;
}) {
  if (lines.length === 0) return null;
  return (
    <div className="table-wrap">
      <table className="breakdown">
        <caption>
          Cost of each ingredient <SampleBadge sample={sample} />
        </caption>
        <thead>
          <tr>
            <th scope="col">Ingredient</th>
            {CHAINS.map((c) => (
              <th key={c} scope="col" className={c === cheapest ? 'cheapest' : undefined}>
                {CHAIN_NAMES[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.name}</th>
              {CHAINS.map((c) => (
                <td key={c}>{line.costs[c] == null ? '—' : formatAud(line.costs[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
