import { useCallback } from 'react';
import { Link } from 'wouter';
import { Page } from '../../components/ui/page.tsx';
import { paths } from '../../config/paths.ts';
import { useUserId } from '../../features/auth/store.ts';
import { FavouriteButton } from '../../features/favourites/components/favourite-button.tsx';
import { useFavouriteIds } from '../../features/favourites/store.ts';
import { RecipeList } from '../../features/recipes/components/recipe-list.tsx';
import { NO_FILTERS } from '../../features/recipes/filter.ts';

export function RecipesScreen({ favouritesOnly = false }: { favouritesOnly?: boolean }) {
  const userId = useUserId()!;
  const favouriteIds = useFavouriteIds();
  // The same function from render to render, so the list's cards are not drawn again per keystroke.
  const favouriteButton = useCallback(
    (r: { id: string; name: string }) => (
      <FavouriteButton userId={userId} recipeId={r.id} recipeName={r.name} />
    ),
    [userId],
  );
  return (
    <Page
      title={favouritesOnly ? 'Favourites' : 'Recipes'}
      actions={
        <>
          <Link href={paths.importRecipes} className="button small">
            Bring your recipes
          </Link>
          <Link href={paths.newRecipe} className="button primary small">
            New recipe
          </Link>
        </>
      }
    >
      <RecipeList
        key={favouritesOnly ? 'favourites' : 'all'}
        favouriteIds={favouriteIds}
        initialFilters={{ ...NO_FILTERS, favouritesOnly }}
        favouritesPage={favouritesOnly}
        renderAction={favouriteButton}
      />
    </Page>
  );
}

export default function Recipes() {
  return <RecipesScreen />;
}
