import { type FormEvent, useState } from 'react';
import type { Choice } from '../../../components/ui/field.tsx';
import { MealChoices } from './meal-choices.tsx';

export function AddMealForm({
  dayLabel,
  recipes,
  cooks,
  onAdd,
}: {
  dayLabel: string;
  recipes: readonly Choice[];
  cooks: readonly Choice[];
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
      <MealChoices
        which={` for ${dayLabel}`}
        recipes={recipes}
        cooks={cooks}
        recipeId={recipeId}
        cookId={cookId}
        noRecipe="Choose a recipe"
        onRecipe={setRecipeId}
        onCook={setCookId}
      />
      <button type="submit" className="button small primary" disabled={pending}>
        Add meal<span className="visually-hidden"> on {dayLabel}</span>
      </button>
    </form>
  );
}
