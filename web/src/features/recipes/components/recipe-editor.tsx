import { useEffect } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { closeEditor, editor, loadEditorOptions, openEditor, useEditor } from '../editor-store.ts';
import { ensureRecipes, useRecipes } from '../store.ts';
import { EditorForm } from './editor-form.tsx';

/** New or own recipe: waits for the recipe and the ingredient list, then opens a draft of it. */
export function RecipeEditor({
  userId,
  id,
  onSaved,
}: {
  userId: string;
  id?: string;
  onSaved: (id: string) => void;
}) {
  const { items, loaded } = useRecipes();
  const { draft, optionsLoaded, optionsProblem } = useEditor();
  const recipe = id ? items.find((r) => r.id === id) : undefined;
  const mine = !id || recipe?.user_id === userId;
  useEffect(() => {
    void ensureRecipes();
    if (!editor.optionsLoaded) void loadEditorOptions();
  }, []);
  // A realtime refresh brings a new recipe object; openEditor keeps the draft of the same recipe.
  useEffect(() => {
    if (loaded && mine) openEditor(id ?? null, recipe);
  }, [loaded, mine, id, recipe]);
  useEffect(() => closeEditor, []);
  if (optionsProblem) {
    return (
      <Page title={id ? 'Edit recipe' : 'New recipe'}>
        <FormError message={optionsProblem.message} onRetry={() => void loadEditorOptions()} />
      </Page>
    );
  }
  if (!loaded || !optionsLoaded) return <Skeleton lines={3} label="Loading editor..." />;
  if (!mine) {
    return (
      <Page title="Cannot edit this recipe">
        <p>Only your own recipes can be edited.</p>
      </Page>
    );
  }
  return (
    <Page title={id ? 'Edit recipe' : 'New recipe'}>
      {draft ? <EditorForm userId={userId} onSaved={onSaved} /> : null}
    </Page>
  );
}
