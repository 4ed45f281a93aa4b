import { wholeNumberText } from '../../../../../shared/display/number-text.ts';
import { SelectField } from '../../../components/ui/field.tsx';
import type { RecipeFilters } from '../filter.ts';

const TIMES = [15, 30, 45, 60];
const COSTS = [2, 4, 6, 10];
const ENERGY = [300, 500, 700, 900];

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
        <SelectField
          id="recipe-time"
          label="Time"
          value={String(filters.maxMinutes ?? '')}
          blank="Any time"
          choices={TIMES.map((t) => ({ value: String(t), label: `Up to ${t} min` }))}
          onChange={(v) => onChange({ ...filters, maxMinutes: numberOrNull(v) })}
        />
        <SelectField
          id="recipe-cost"
          label="Cost per portion"
          value={String(filters.maxCost ?? '')}
          blank="Any cost"
          choices={COSTS.map((c) => ({ value: String(c), label: `Up to $${c}` }))}
          onChange={(v) => onChange({ ...filters, maxCost: numberOrNull(v) })}
        />
        <SelectField
          id="recipe-energy"
          label="Energy per portion"
          value={String(filters.maxKcal ?? '')}
          blank="Any energy"
          choices={ENERGY.map((k) => ({
            value: String(k),
            label: `Up to ${k} kcal (${wholeNumberText(Math.round(k * 4.184))} kJ)`,
          }))}
          onChange={(v) => onChange({ ...filters, maxKcal: numberOrNull(v) })}
        />
        <SelectField
          id="recipe-tag"
          label="Tag"
          value={filters.tag ?? ''}
          blank="Any tag"
          choices={tags.map((t) => ({ value: t, label: t }))}
          onChange={(v) => onChange({ ...filters, tag: v })}
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
