import { useCallback } from 'react';
import { formatDuration } from '../../../../../shared/dates/duration.ts';
import type { MealSlot } from '../../../../../shared/recipes/meal-slots.ts';
import { ComboPicker } from '../../../components/ui/combo-picker.tsx';
import { matchRecipes, type PlannerRecipe } from '../pick.ts';

/** The recipe of a meal: filter by name, tag or ingredient (see ComboPicker). */
export function RecipePicker({
  recipes,
  slot,
  selected,
  onSelect,
}: {
  recipes: readonly PlannerRecipe[];
  /** The meal being planned: its recipes are offered first. */
  slot: MealSlot;
  selected: PlannerRecipe | null;
  onSelect: (recipe: PlannerRecipe | null) => void;
}) {
  const filter = useCallback((query: string) => matchRecipes(recipes, query, 50, slot), [recipes, slot]);
  return (
    <ComboPicker
      label="Recipe"
      noun={['recipe', 'recipes']}
      placeholder="Type a name, tag or ingredient"
      selected={selected}
      filter={filter}
      onSelect={onSelect}
      chosenClass
      detail={(recipe) =>
        [formatDuration(recipe.duration), ...recipe.tags.slice(0, 2)].filter(Boolean).join(' · ')
      }
    />
  );
}
