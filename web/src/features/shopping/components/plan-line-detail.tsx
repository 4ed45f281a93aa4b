import { describePlanLine, type PlanLineRow } from '../plan-line.ts';

/** Under a line the plan wrote: need, have and buy, the meals it is for, why it stands apart. */
export function PlanLineDetail({ row }: { row: PlanLineRow }) {
  const described = describePlanLine(row);
  if (!described) return null;
  return (
    <span className="plan-line-detail">
      {described.amounts ? <span className="small">{described.amounts}</span> : null}
      {described.meals ? <span className="small muted">{described.meals}</span> : null}
      {described.apart ? <span className="small muted">{described.apart}</span> : null}
    </span>
  );
}
