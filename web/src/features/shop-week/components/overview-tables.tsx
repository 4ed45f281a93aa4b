import type { ReactNode } from 'react';
import { CHAIN_NAMES, CHAINS } from '../../../../../shared/pricing/types.ts';
import { formatAud, formatShortDay } from '../../../lib/format.ts';
import {
  type CookFigures,
  type DayFigures,
  type Nutrients,
  percentOfReference,
  type WeekOverview,
} from '../overview.ts';
import { Figure } from './figure.tsx';
import { TableScroll } from './table-scroll.tsx';

/** A table's last row, of totals or averages. */
function Total({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tfoot>
      <tr>
        <th scope="row">{label}</th>
        {children}
      </tr>
    </tfoot>
  );
}

/** A table's column heads: the row label's, then numeric ones (optionally one per chain). */
function Heads({ first, numeric, chains = false }: { first: string; numeric: string[]; chains?: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {[...numeric, ...(chains ? CHAINS.map((c) => CHAIN_NAMES[c]) : [])].map((label) => (
          <th key={label} scope="col" className="num">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function CostTable({ days, week }: { days: readonly DayFigures[]; week: WeekOverview['week'] }) {
  return (
    <TableScroll label={'Cost per day at each chain'}>
      <table className="overview-table">
        <caption className="visually-hidden">Cost per day at each chain, and per portion</caption>
        <Heads first="Day" numeric={['Portions']} chains />
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatShortDay(d.date)}</th>
              <td className="num">{d.portions}</td>
              {CHAINS.map((c) => (
                <td key={c} className="num">
                  {d.meals === 0 ? (
                    '—'
                  ) : (
                    <Figure value={formatAud(d.cost[c])} part={`${formatAud(d.perPortion[c])} each`} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <Total label="Week">
          <td className="num">{week.portions}</td>
          {CHAINS.map((c) => (
            <td key={c} className="num">
              <Figure value={formatAud(week.cost[c])} part={`${formatAud(week.perPortion[c])} each`} />
            </td>
          ))}
        </Total>
      </table>
    </TableScroll>
  );
}

const cell = (value: number, key: keyof Nutrients, unit: string) => (
  <Figure value={`${value.toLocaleString('en-AU')} ${unit}`} part={`${percentOfReference(value, key)}%`} />
);

export function NutritionTable({ days, perDay }: { days: readonly DayFigures[]; perDay: Nutrients }) {
  const row = (n: Nutrients) => (
    <>
      <td className="num">{cell(n.energyKj, 'energyKj', 'kJ')}</td>
      <td className="num">{cell(n.protein, 'protein', 'g')}</td>
      <td className="num">{cell(n.fats, 'fats', 'g')}</td>
      <td className="num">{cell(n.carbs, 'carbs', 'g')}</td>
    </>
  );
  return (
    <TableScroll label={'Nutrition per person per day'}>
      <table className="overview-table">
        <caption className="visually-hidden">
          Nutrition per person per day, with the share of the daily reference
        </caption>
        <Heads first="Day" numeric={['Energy', 'Protein', 'Fat', 'Carbohydrate']} />
        <tbody>
          {days
            .filter((d) => d.meals > 0)
            .map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatShortDay(d.date)}</th>
                {row(d.nutrition)}
              </tr>
            ))}
        </tbody>
        <Total label="Average planned day">{row(perDay)}</Total>
      </table>
    </TableScroll>
  );
}

export function CookTable({ cooks }: { cooks: readonly CookFigures[] }) {
  return (
    <TableScroll label={'Meals and cost per cook'}>
      <table className="overview-table">
        <caption className="visually-hidden">Meals each cook cooks this week, and what they cost</caption>
        <Heads first="Cook" numeric={['Meals', 'Portions']} chains />
        <tbody>
          {cooks.map((c) => (
            <tr key={c.cook}>
              <th scope="row">{c.cook}</th>
              <td className="num">{c.meals}</td>
              <td className="num">{c.portions}</td>
              {CHAINS.map((chain) => (
                <td key={chain} className="num">
                  {formatAud(c.cost[chain])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
