import { type FormEvent, useState } from 'react';
import type { Option } from './meal-row.tsx';

export function AddMealForm({
  dayLabel,
  date,
  recipes,
  cooks,
  onAdd,
}: {
  dayLabel: string;
  date: string;
  recipes: readonly Option[];
  cooks: readonly Option[];
  onAdd: (recipeId: string | null, cookId: string | null) => Promise<void>;
}) {
  const [recipeId, setRecipeId] = useState('');
  const [cookId, setCookId] = useState('');
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    onAdd(recipeId || null, cookId || null)
      .then(() => {
        setRecipeId('');
        setCookId('');
      })
      .finally(() => setPending(false));
  };
  return (
    <form className="add-meal" onSubmit={submit} aria-label={`Add a meal on ${dayLabel}`}>
      <div className="field">
        <label htmlFor={`add-recipe-${date}`}>
          Recipe<span className="visually-hidden"> for {dayLabel}</span>
        </label>
        <select id={`add-recipe-${date}`} value={recipeId} onChange={(e) => setRecipeId(e.target.value)}>
          <option value="">Choose a recipe</option>
          {recipes.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`add-cook-${date}`}>
          Cook<span className="visually-hidden"> for {dayLabel}</span>
        </label>
        <select id={`add-cook-${date}`} value={cookId} onChange={(e) => setCookId(e.target.value)}>
          <option value="">Anyone</option>
          {cooks.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button small primary" disabled={pending}>
        Add meal<span className="visually-hidden"> on {dayLabel}</span>
      </button>
    </form>
  );
}
