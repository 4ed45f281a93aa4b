import type { Choice } from '../../../components/ui/field.tsx';
import type { Meal } from '../api.ts';
import { MealChoices } from './meal-choices.tsx';

export function MealRow({
  meal,
  label,
  recipes,
  cooks,
  onChange,
  onRemove,
}: {
  meal: Meal;
  label: string;
  recipes: readonly Choice[];
  cooks: readonly Choice[];
  onChange: (recipeId: string | null, cookId: string | null) => void;
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
      <button type="button" className="button small ghost" onClick={onRemove}>
        Remove<span className="visually-hidden"> {label}</span>
      </button>
    </li>
  );
}
