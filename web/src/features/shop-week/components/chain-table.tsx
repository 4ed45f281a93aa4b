import { type ChainBasket, packsText } from '../../../../../shared/basket/basket.ts';
import type { NeedLine } from '../../../../../shared/basket/needs.ts';
import { formatLeftover } from '../../../../../shared/display/amount.ts';
import { formatCents } from '../../../lib/format.ts';
import { unitPriceText } from '../../prices/words.ts';
import { Figure } from './figure.tsx';
import { TableScroll } from './table-scroll.tsx';

/**
 * One chain's packs: what to buy, the cost, what is left over and the shelf unit price, by name
 * (the list's rows come in no order a shopper could follow).
 */
export function ChainTable({
  name,
  chain,
  lines,
}: {
  name: string;
  chain: ChainBasket;
  lines: ReadonlyMap<string, NeedLine>;
}) {
  const nameOf = (key: string) => lines.get(key)?.name ?? key;
  const rows = [...chain.lines].sort((a, b) => nameOf(a.key).localeCompare(nameOf(b.key), 'en-AU'));
  return (
    <>
      <TableScroll label={`Packs to buy at ${name}`}>
        <table className="basket-table">
          <caption className="visually-hidden">Packs to buy at {name}</caption>
          <thead>
            <tr>
              <th scope="col">Item and packs</th>
              <th scope="col" className="num">
                Cost and unit price
              </th>
              <th scope="col">Left over</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => {
              const line = lines.get(l.key);
              return (
                <tr key={l.key}>
                  <th scope="row">
                    <Figure value={line?.name ?? l.key} part={packsText(l)} />
                  </th>
                  <td className="num">
                    <Figure value={formatCents(l.costCents)} part={unitPriceText(l.unitPrice)} />
                  </td>
                  <td>
                    {l.leftover > 0 ? formatLeftover(l.leftover, line?.base ?? null, line?.name) : 'none'}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{formatCents(chain.totalCents)}</td>
              <td className="muted small">{chain.coverage}% of the list priced</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      {chain.unpriced.length > 0 ? (
        <p className="small muted">Not priced here: {chain.unpriced.join(', ')}.</p>
      ) : null}
    </>
  );
}
