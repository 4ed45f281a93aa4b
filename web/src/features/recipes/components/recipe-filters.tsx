import { SelectField } from '../../../components/ui/field.tsx';
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
        <SelectField
          id="recipe-time"
          label="Time"
          value={String(filters.maxMinutes ?? '')}
          blank="Any time"
          choices={TIMES.map((t) => ({ value: String(t), label: `Up to ${t} min` }))}
          onChange={(value) => onChange({ ...filters, maxMinutes: value ? Number(value) : null })}
        />
        <SelectField
          id="recipe-cost"
          label="Cost per portion"
          value={String(filters.maxCost ?? '')}
          blank="Any cost"
          choices={COSTS.map((c) => ({ value: String(c), label: `Up to $${c}` }))}
          onChange={(value) => onChange({ ...filters, maxCost: value ? Number(value) : null })}
        />
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
