import { RecipesScreen } from './recipes.tsx';

export default function Favourites() {
  return <RecipesScreen favouritesOnly />;
}
