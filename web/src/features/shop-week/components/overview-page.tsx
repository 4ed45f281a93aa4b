import { type ComponentProps, lazy, Suspense, useMemo } from 'react';
import { CHAIN_NAMES, CHAINS } from '../../../../../shared/pricing/types.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { SampleBadge } from '../../../components/ui/sample-badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatAud, formatShortDay } from '../../../lib/format.ts';
import {
  DAILY_REFERENCE,
  type Nutrients,
  percentOfReference,
  type WeekPriceRecord,
  weekOverview,
} from '../overview.ts';
import { mealChoices, type PlanMeal, type PlanRecipe } from '../plan.ts';
import { CookTable, CostTable, NutritionTable } from './overview-tables.tsx';
import '../shop-week.css';

// chart.js is most of this screen's code: the figures and tables draw first, the charts after.
const LazyBarChart = lazy(() => import('./bar-chart.tsx').then((m) => ({ default: m.BarChart })));

function BarChart(props: ComponentProps<typeof LazyBarChart>) {
  return (
    <Suspense fallback={<div className="chart-box" aria-hidden="true" />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}

const CHAIN_COLOURS = { coles: '#c8102e', woolworths: '#1a7f37', aldi: '#1b3c87' } as const;
const NUTRIENTS: { key: keyof Nutrients; label: string; colour: string }[] = [
  { key: 'energyKj', label: 'Energy', colour: '#f4b942' },
  { key: 'protein', label: 'Protein', colour: '#2f6b4f' },
  { key: 'fats', label: 'Fat', colour: '#a3231a' },
  { key: 'carbs', label: 'Carbohydrate', colour: '#4f5a55' },
];
const dollars = (v: number) => formatAud(v);
const percent = (v: number) => `${Math.round(v)}%`;
const count = (v: number) => String(Math.round(v));

/** The week at a glance: cost at each chain and per portion, nutrition against the daily reference, per cook. */
export function OverviewPage({
  dates,
  meals,
  recipes,
  prices,
  cooks,
  ready,
}: {
  dates: readonly string[];
  meals: readonly PlanMeal[];
  recipes: readonly PlanRecipe[];
  prices: ReadonlyMap<number, WeekPriceRecord>;
  cooks: ReadonlyMap<string, string>;
  ready: boolean;
}) {
  const overview = useMemo(() => {
    const choices = mealChoices(meals, recipes, dates[0] ?? '', dates[dates.length - 1] ?? '', []);
    return weekOverview(dates, choices, prices, cooks);
  }, [dates, meals, recipes, prices, cooks]);
  const labels = useMemo(() => overview.days.map((d) => formatShortDay(d.date)), [overview]);
  const costSeries = useMemo(
    () =>
      CHAINS.map((c) => ({
        label: CHAIN_NAMES[c],
        data: overview.days.map((d) => d.cost[c]),
        colour: CHAIN_COLOURS[c],
      })),
    [overview],
  );
  const nutritionSeries = useMemo(
    () =>
      NUTRIENTS.map((n) => ({
        label: n.label,
        data: overview.days.map((d) => (d.meals > 0 ? percentOfReference(d.nutrition[n.key], n.key) : null)),
        colour: n.colour,
      })),
    [overview],
  );
  const cookLabels = useMemo(() => overview.cooks.map((c) => c.cook), [overview]);
  const cookSeries = useMemo(
    () => [{ label: 'Meals cooked', data: overview.cooks.map((c) => c.meals), colour: '#3a805f' }],
    [overview],
  );
  if (!ready) return <Skeleton lines={5} label="Loading the week..." />;
  const { week } = overview;
  return (
    <Page title="The week at a glance">
      {week.meals === 0 ? (
        <EmptyState title="Nothing planned this week">
          Plan some meals with recipes to see their cost and nutrition.
        </EmptyState>
      ) : (
        <>
          <div className="card overview-figures">
            <p>
              <span className="muted small">Meals</span>
              <strong>{week.meals}</strong>
            </p>
            <p>
              <span className="muted small">Portions</span>
              <strong>{week.portions}</strong>
            </p>
            {CHAINS.map((c) => (
              <p key={c}>
                <span className="muted small">{CHAIN_NAMES[c]}</span>
                <strong>{formatAud(week.cost[c])}</strong>
                <span className="small">{formatAud(week.perPortion[c])} per portion</span>
              </p>
            ))}
            <SampleBadge sample={week.sample} />
          </div>
          <div className="overview-grid">
            <section className="card" aria-labelledby="cost-title">
              <h2 id="cost-title">Cost per day</h2>
              <BarChart
                labels={labels}
                series={costSeries}
                format={dollars}
                summary="Bar chart of each day's cost at Coles, Woolworths and Aldi; the table below has the figures."
              />
              <CostTable days={overview.days} week={week} />
            </section>
            <section className="card" aria-labelledby="nutrition-title">
              <h2 id="nutrition-title">Nutrition per person per day</h2>
              <p className="small muted">
                One portion of each meal, against the daily reference values on Australian food labels:{' '}
                {DAILY_REFERENCE.energyKj.toLocaleString('en-AU')} kJ, {DAILY_REFERENCE.protein} g protein,{' '}
                {DAILY_REFERENCE.fats} g fat, {DAILY_REFERENCE.carbs} g carbohydrate.
              </p>
              <BarChart
                labels={labels}
                series={nutritionSeries}
                format={percent}
                summary="Bar chart of each day's energy, protein, fat and carbohydrate as a percentage of the daily reference; the table below has the figures."
              />
              <NutritionTable days={overview.days} perDay={week.nutritionPerDay} />
            </section>
            <section className="card" aria-labelledby="cooks-title">
              <h2 id="cooks-title">Per cook</h2>
              <BarChart
                labels={cookLabels}
                series={cookSeries}
                format={count}
                wholeNumbers
                summary="Bar chart of the meals each cook cooks this week; the table below has the figures."
              />
              <CookTable cooks={overview.cooks} />
            </section>
          </div>
        </>
      )}
    </Page>
  );
}
