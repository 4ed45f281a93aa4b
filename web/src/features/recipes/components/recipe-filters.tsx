import type { ReactNode } from 'react';
import type { RecipeFilters } from '../filter.ts';

const TIMES = [15, 30, 45, 60];
const COSTS = [2, 4, 6, 10];
const ENERGY = [300, 500, 700, 900];

function Choice({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | number | null;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

const numberOrNull = (value: string): number | null => (value ? Number(value) : null);

export function RecipeFiltersBar({
  filters,
  onChange,
  tags,
  favouritesToggle = true,
}: {
  filters: RecipeFilters;
  onChange: (next: RecipeFilters) => void;
  /** The tags there are to filter by. */
  tags: readonly string[];
  /** False on the Favourites page, which shows only favourites anyway. */
  favouritesToggle?: boolean;
}) {
  return (
    <search>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <div className="field grow">
          <label htmlFor="recipe-search">Search recipes</label>
          <input
            id="recipe-search"
            type="search"
            placeholder="Name, ingredient or tag"
            value={filters.query}
            onChange={(e) => onChange({ ...filters, query: e.target.value })}
          />
        </div>
        <Choice
          id="recipe-time"
          label="Time"
          value={filters.maxMinutes}
          onChange={(v) => onChange({ ...filters, maxMinutes: numberOrNull(v) })}
        >
          <option value="">Any time</option>
          {TIMES.map((t) => (
            <option key={t} value={t}>
              Up to {t} min
            </option>
          ))}
        </Choice>
        <Choice
          id="recipe-cost"
          label="Cost per portion"
          value={filters.maxCost}
          onChange={(v) => onChange({ ...filters, maxCost: numberOrNull(v) })}
        >
          <option value="">Any cost</option>
          {COSTS.map((c) => (
            <option key={c} value={c}>
              Up to ${c}
            </option>
          ))}
        </Choice>
        <Choice
          id="recipe-energy"
          label="Energy per portion"
          value={filters.maxKcal}
          onChange={(v) => onChange({ ...filters, maxKcal: numberOrNull(v) })}
        >
          <option value="">Any energy</option>
          {ENERGY.map((k) => (
            <option key={k} value={k}>
              Up to {k} kcal ({Math.round(k * 4.184).toLocaleString('en-AU')} kJ)
            </option>
          ))}
        </Choice>
        <Choice
          id="recipe-tag"
          label="Tag"
          value={filters.tag}
          onChange={(v) => onChange({ ...filters, tag: v })}
        >
          <option value="">Any tag</option>
          {tags.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Choice>
        {favouritesToggle ? (
          <label className="check">
            <input
              type="checkbox"
              checked={filters.favouritesOnly}
              onChange={(e) => onChange({ ...filters, favouritesOnly: e.target.checked })}
            />
            Favourites only
          </label>
        ) : null}
      </form>
    </search>
  );
}
