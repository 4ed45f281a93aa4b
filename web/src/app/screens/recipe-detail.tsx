import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { showToast } from '../../components/ui/toast.tsx';
import { useConfirm } from '../../components/ui/use-confirm.tsx';
import { paths } from '../../config/paths.ts';
import { useUserId } from '../../features/auth/store.ts';
import { FavouriteButton } from '../../features/favourites/components/favourite-button.tsx';
import { useHouseholdId } from '../../features/profile/store.ts';
import type { Recipe } from '../../features/recipes/api.ts';
import { RecipeDetail } from '../../features/recipes/components/recipe-detail.tsx';
import { shoppingLinesOf } from '../../features/recipes/recipe-lines.ts';
import { removeRecipe, shareRecipe, useRecipes } from '../../features/recipes/store.ts';
import { addFromElsewhere } from '../../features/shopping/add-from-elsewhere.ts';

// Below the recipe: the price history loads after it.
const PriceInsights = lazy(() =>
  import('../../features/prices/components/price-insights.tsx').then((m) => ({ default: m.PriceInsights })),
);

export default function RecipeDetailScreen({ id }: { id: string }) {
  const userId = useUserId()!;
  const [, navigate] = useLocation();
  const { items } = useRecipes();
  const recipe = items.find((r) => r.id === id);
  const [busy, setBusy] = useState(false);
  const { ask, dialog } = useConfirm();
  const householdId = useHouseholdId();
  const own = recipe?.user_id === userId;
  // The quantities on screen: the chosen portions, not the recipe's own.
  const addToList = (scale: number) => {
    if (!recipe || !householdId) return;
    setBusy(true);
    addFromElsewhere(householdId, shoppingLinesOf(recipe, scale))
      .then(() => showToast(`Added the ingredients of ${recipe.name} to your shopping list.`, 'success'))
      .catch((e: unknown) => {
        console.error('adding to the shopping list failed', e);
        showToast('The ingredients could not be added to your shopping list.', 'error');
      })
      .finally(() => setBusy(false));
  };
  const onShare = (shared: boolean) => {
    if (!recipe || !householdId) return;
    shareRecipe(recipe.id, shared ? householdId : null)
      .then(() =>
        showToast(
          shared ? `${recipe.name} is shared with your household.` : `${recipe.name} is yours alone again.`,
          'success',
        ),
      )
      .catch((e: unknown) => {
        console.error('sharing the recipe failed', e);
        showToast('The recipe could not be shared. Please try again.', 'error');
      });
  };
  const onDelete = () => {
    if (!recipe) return;
    ask({
      title: `Delete ${recipe.name}?`,
      message: 'This cannot be undone.',
      confirm: 'Delete recipe',
      onConfirm: () => deleteRecipe(recipe),
    });
  };
  const deleteRecipe = (recipe: Recipe) =>
    removeRecipe(userId, recipe.id)
      .then(() => {
        navigate(paths.recipes, { replace: true });
        showToast(`Deleted ${recipe.name}.`, 'success');
      })
      .catch((e: unknown) => {
        console.error('deleting the recipe failed', e);
        showToast('The recipe could not be deleted.', 'error');
      });
  return (
    <>
      {dialog}
      <RecipeDetail
        id={id}
        insights={(r) => (
          <Suspense fallback={null}>
            <PriceInsights source={{ kind: 'recipe', lines: r.recipe_ingredients }} what="the whole recipe" />
          </Suspense>
        )}
        actions={(scale) =>
          recipe ? (
            <>
              <FavouriteButton userId={userId} recipeId={recipe.id} recipeName={recipe.name} />
              <button type="button" className="button small" onClick={() => addToList(scale)} disabled={busy}>
                Add to shopping list
              </button>
              <button type="button" className="button small" onClick={() => window.print()}>
                Print
              </button>
              {own ? (
                <>
                  <Link href={paths.editRecipe(recipe.id)} className="button small">
                    Edit
                  </Link>
                  <button type="button" className="button small danger" onClick={onDelete}>
                    Delete
                  </button>
                  {householdId ? (
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={recipe.household_id === householdId}
                        onChange={(e) => onShare(e.target.checked)}
                      />
                      Share with my household
                    </label>
                  ) : null}
                </>
              ) : null}
            </>
          ) : null
        }
      />
    </>
  );
}
