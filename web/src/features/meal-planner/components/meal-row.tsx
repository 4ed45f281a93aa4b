import type { Choice } from '../../../components/ui/field.tsx';
import type { Meal } from '../api.ts';
import { MealChoices } from './meal-choices.tsx';
import { PortionsInput } from './portions-input.tsx';

export function MealRow({
  meal,
  label,
  recipes,
  cooks,
  recipePortions,
  onChange,
  onPortions,
  onRemove,
}: {
  meal: Meal;
  label: string;
  recipes: readonly Choice[];
  cooks: readonly Choice[];
  /** The planned recipe's own portions; null while no recipe is chosen. */
  recipePortions: number | null;
  onChange: (recipeId: string | null, cookId: string | null) => void;
  onPortions: (portions: number | null) => void;
  onRemove: () => void;
}) {
  return (
    <li className="meal-row">
      <MealChoices
        which={`, ${label}`}
        recipes={recipes}
        cooks={cooks}
        recipeId={meal.recipe_id ?? ''}
        cookId={meal.cook_id ?? ''}
        noRecipe="No recipe yet"
        onRecipe={(id) => onChange(id || null, meal.cook_id)}
        onCook={(id) => onChange(meal.recipe_id, id || null)}
      />
      {recipePortions !== null ? (
        <PortionsInput
          id={`meal-portions-${meal.id}`}
          label={label}
          value={meal.portions ?? null}
          recipePortions={recipePortions}
          onSave={onPortions}
        />
      ) : null}
      <button type="button" className="button small ghost" onClick={onRemove}>
        Remove<span className="visually-hidden"> {label}</span>
      </button>
    </li>
  );
}
