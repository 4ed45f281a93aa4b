import type { Meal } from '../api.ts';
import { PortionsInput } from './portions-input.tsx';

export interface Option {
  id: string;
  name: string;
  /** A recipe's own portions (recipes only). */
  portions?: number | null;
}

export function MealRow({
  meal,
  label,
  recipes,
  cooks,
  onChange,
  onPortions,
  onRemove,
}: {
  meal: Meal;
  label: string;
  recipes: readonly Option[];
  cooks: readonly Option[];
  onChange: (recipeId: string | null, cookId: string | null) => void;
  onPortions: (portions: number | null) => void;
  onRemove: () => void;
}) {
  const recipe = recipes.find((r) => r.id === meal.recipe_id);
  return (
    <li className="meal-row">
      <div className="field">
        <label htmlFor={`meal-recipe-${meal.id}`}>
          Recipe<span className="visually-hidden">, {label}</span>
        </label>
        <select
          id={`meal-recipe-${meal.id}`}
          value={meal.recipe_id ?? ''}
          onChange={(e) => onChange(e.target.value || null, meal.cook_id)}
        >
          <option value="">No recipe yet</option>
          {recipes.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`meal-cook-${meal.id}`}>
          Cook<span className="visually-hidden">, {label}</span>
        </label>
        <select
          id={`meal-cook-${meal.id}`}
          value={meal.cook_id ?? ''}
          onChange={(e) => onChange(meal.recipe_id, e.target.value || null)}
        >
          <option value="">Anyone</option>
          {cooks.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {recipe ? (
        <PortionsInput
          id={`meal-portions-${meal.id}`}
          label={label}
          value={meal.portions ?? null}
          recipePortions={recipe.portions ?? 1}
          onSave={onPortions}
        />
      ) : null}
      <button type="button" className="button small ghost" onClick={onRemove}>
        Remove<span className="visually-hidden"> {label}</span>
      </button>
    </li>
  );
}
