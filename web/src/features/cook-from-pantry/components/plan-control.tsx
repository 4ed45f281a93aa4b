import { useId, useState } from 'react';
import { formatDay } from '../../../lib/format.ts';

/** A day of the planner's window and "Add to plan": the recipe goes in as that day's dinner. */
export function PlanControl({
  name,
  dates,
  onPlan,
  label = 'Add to plan',
}: {
  name: string;
  dates: readonly string[];
  onPlan: (date: string) => Promise<void>;
  label?: string;
}) {
  const id = useId();
  const [date, setDate] = useState(dates[0] ?? '');
  const [busy, setBusy] = useState(false);
  const day = dates.includes(date) ? date : (dates[0] ?? '');
  if (dates.length === 0) return null;
  const plan = () => {
    setBusy(true);
    onPlan(day).finally(() => setBusy(false));
  };
  return (
    <span className="plan-control">
      <label htmlFor={id} className="visually-hidden">
        Day to plan {name}
      </label>
      <select id={id} value={day} onChange={(e) => setDate(e.target.value)}>
        {dates.map((d) => (
          <option key={d} value={d}>
            {formatDay(d)}
          </option>
        ))}
      </select>
      <button type="button" className="button primary small" onClick={plan} disabled={busy} aria-busy={busy}>
        {label}
      </button>
    </span>
  );
}
