import { useEffect } from 'react';
import { Page } from '../../components/ui/page.tsx';
import { ExportFileForm } from '../../features/recipe-import/components/export-file-form.tsx';
import { ImportForm } from '../../features/recipe-import/components/import-form.tsx';
import { ImportReview } from '../../features/recipe-import/components/import-review.tsx';
import { resetImport } from '../../features/recipe-import/store.ts';

export default function RecipeImport() {
  // A visit starts a fresh import; leaving drops the one under review.
  useEffect(() => resetImport, []);
  return (
    <Page title="Bring your recipes">
      <ImportForm />
      <ImportReview />
      <ExportFileForm />
    </Page>
  );
}
