import type { RecipeFilters } from '../filter.ts';

const TIMES = [15, 30, 45, 60];
const COSTS = [2, 4, 6, 10];

export function RecipeFiltersBar({
  filters,
  onChange,
  favouritesToggle = true,
}: {
  filters: RecipeFilters;
  onChange: (next: RecipeFilters) => void;
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
            placeholder="Name or ingredient"
            value={filters.query}
            onChange={(e) => onChange({ ...filters, query: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="recipe-time">Time</label>
          <select
            id="recipe-time"
            value={filters.maxMinutes ?? ''}
            onChange={(e) =>
              onChange({ ...filters, maxMinutes: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">Any time</option>
            {TIMES.map((t) => (
              <option key={t} value={t}>
                Up to {t} min
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="recipe-cost">Cost per portion</label>
          <select
            id="recipe-cost"
            value={filters.maxCost ?? ''}
            onChange={(e) =>
              onChange({ ...filters, maxCost: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">Any cost</option>
            {COSTS.map((c) => (
              <option key={c} value={c}>
                Up to ${c}
              </option>
            ))}
          </select>
        </div>
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
