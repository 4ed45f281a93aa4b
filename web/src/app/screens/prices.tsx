import { IngredientListPage } from '../../features/prices/components/ingredient-list-page.tsx';

export default function Prices() {
  return <IngredientListPage />;
}
