import { setCookFilter, setCookSort } from '../store.ts';
import { COOK_FILTERS, COOK_SORTS, type CookFilter, type CookSort } from '../views.ts';

/** The filters as a radio group (one tab stop, arrow keys), the sort as a select. */
export function CookControls({ filter, sort, count }: { filter: CookFilter; sort: CookSort; count: number }) {
  return (
    <div className="cook-controls">
      <fieldset className="cook-filters">
        <legend className="visually-hidden">Show</legend>
        {(Object.keys(COOK_FILTERS) as CookFilter[]).map((key) => (
          <label key={key} className={key === filter ? 'chip selected' : 'chip'}>
            <input
              type="radio"
              name="cook-filter"
              value={key}
              checked={key === filter}
              onChange={() => setCookFilter(key)}
            />
            {COOK_FILTERS[key]}
          </label>
        ))}
      </fieldset>
      <label className="cook-sort">
        Sort by{' '}
        <select value={sort} onChange={(e) => setCookSort(e.target.value as CookSort)}>
          {(Object.keys(COOK_SORTS) as CookSort[]).map((key) => (
            <option key={key} value={key}>
              {COOK_SORTS[key]}
            </option>
          ))}
        </select>
      </label>
      <p className="small muted" aria-live="polite">
        {count === 1 ? '1 recipe' : `${count} recipes`}
      </p>
    </div>
  );
}
