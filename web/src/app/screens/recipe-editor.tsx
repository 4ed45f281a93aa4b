import { useLocation } from 'wouter';
import { showToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import { useUserId } from '../../features/auth/store.ts';
import { RecipeEditor } from '../../features/recipes/components/recipe-editor.tsx';

export default function RecipeEditorScreen({ id }: { id?: string }) {
  const userId = useUserId()!;
  const [, navigate] = useLocation();
  return (
    <RecipeEditor
      userId={userId}
      id={id}
      onSaved={(saved) => {
        // Navigate first: the toast belongs to the page it is shown on (see settleToasts).
        navigate(paths.recipe(saved), { replace: true });
        showToast('Recipe saved.', 'success');
      }}
    />
  );
}
