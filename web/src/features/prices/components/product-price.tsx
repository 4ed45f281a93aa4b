import { packMeasureText } from '../../../../../shared/shelf-prices/shelf-price.ts';
import { formatDayMonth } from '../../../lib/format.ts';
import { chartDays, type ProductPrice, weeklyRows } from '../derive.ts';
import { CHAIN_COLORS, centsText, TYPICAL_COLOR, unitPriceText, verdictSentence } from '../words.ts';
import { ChartWithTable } from './chart.tsx';
import { LastSeen, SourceLabel } from './price-facts.tsx';
import { VerdictBadge } from './verdict-badge.tsx';

function PriceChart({ price }: { price: ProductPrice }) {
  const { dates, dollars } = chartDays(price);
  const typical = price.judgement.typicalCents;
  const known = dollars.filter((d): d is number => d !== null);
  const summary =
    known.length === 0
      ? `${price.product.name}: no prices in the 12 weeks to ${formatDayMonth(price.asOf)}.`
      : `${price.product.name}: between ${centsText(Math.min(...known) * 100)} and ${centsText(Math.max(...known) * 100)} in the 12 weeks to ${formatDayMonth(price.asOf)}${typical === null ? '' : `; typically ${centsText(typical)}`}.`;
  const series = [
    { label: 'Price', data: dollars, color: CHAIN_COLORS[price.product.chain], stepped: true },
    ...(typical === null
      ? []
      : [{ label: 'Typical', data: dates.map(() => typical / 100), color: TYPICAL_COLOR, dashed: true }]),
  ];
  return (
    <ChartWithTable
      labels={dates.map(formatDayMonth)}
      series={series}
      summary={summary}
      table={
        <table className="breakdown">
          <caption>Price each week, 12 weeks to {formatDayMonth(price.asOf)}</caption>
          <thead>
            <tr>
              <th scope="col">Week to</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {weeklyRows(price).map((row) => (
              <tr key={row.date}>
                <th scope="row">{formatDayMonth(row.date)}</th>
                <td>{row.dollars === null ? 'unknown' : centsText(Math.round(row.dollars * 100))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** One chain product: pack, price, unit price, when last seen, source, verdict and 12-week chart. */
export function ProductPriceCard({ price }: { price: ProductPrice }) {
  const p = price.product;
  const j = price.judgement;
  return (
    <article className="card product-price" aria-labelledby={`product-${p.id}`}>
      <h3 id={`product-${p.id}`}>
        {p.name}
        {price.preferred ? null : <span className="muted small"> (not used for recipe prices)</span>}
      </h3>
      <dl className="facts">
        <div>
          <dt>Pack</dt>
          <dd>
            {p.sold_loose
              ? 'Sold loose, by weight'
              : (p.pack_text ?? packMeasureText({ size: Number(p.pack_size), unit: p.pack_unit }))}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd className="price">{centsText(j.priceCents)}</dd>
        </div>
        <div>
          <dt>Unit price</dt>
          <dd>{unitPriceText(price.unitPrice)}</dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>
            <LastSeen price={price} />
          </dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>
            <SourceLabel price={price} />
          </dd>
        </div>
      </dl>
      <p className="verdict">
        <VerdictBadge verdict={j.verdict} /> {verdictSentence(j)}
      </p>
      <PriceChart price={price} />
    </article>
  );
}
