import { lazy, Suspense, useEffect } from 'react';
import { Page } from '../../components/ui/page.tsx';
import { ExportFileForm } from '../../features/recipe-import/components/export-file-form.tsx';
import { ImportForm } from '../../features/recipe-import/components/import-form.tsx';
import { resetImport, useImporter } from '../../features/recipe-import/store.ts';

// The review (its ingredient combobox, the own-ingredient dialog) loads once there is something to review.
const ImportReview = lazy(() =>
  import('../../features/recipe-import/components/import-review.tsx').then((m) => ({
    default: m.ImportReview,
  })),
);

export default function RecipeImport() {
  const { recipes, status } = useImporter();
  // A visit starts a fresh import; leaving drops the one under review.
  useEffect(() => resetImport, []);
  return (
    <Page title="Bring your recipes">
      <ImportForm />
      {recipes.length > 0 || status === 'done' ? (
        <Suspense fallback={<p className="muted">Loading the review...</p>}>
          <ImportReview />
        </Suspense>
      ) : null}
      <ExportFileForm />
    </Page>
  );
}
