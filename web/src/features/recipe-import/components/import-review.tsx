import { formatDuration } from '../../../../../shared/dates/duration.ts';
import { useUserId } from '../../auth/store.ts';
import { needsCheck } from '../review.ts';
import { resetImport, saveAll, useImporter } from '../store.ts';
import { ImportReport } from './import-report.tsx';
import '../recipe-import.css';
import { ReviewLine } from './review-line.tsx';

/** Each recipe as it will be saved, every line read and matched; then save, and what happened. */
export function ImportReview() {
  const { recipes, status, report } = useImporter();
  const userId = useUserId()!;
  if (status === 'done') {
    return (
      <div className="stack">
        <ImportReport report={report} />
        <button type="button" className="button" onClick={resetImport}>
          Import another
        </button>
      </div>
    );
  }
  if (recipes.length === 0) return null;
  return (
    <section aria-labelledby="review-h" className="stack">
      <h2 id="review-h">Review before saving</h2>
      {recipes.map(({ recipe, lines }, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: recipes of one page, in order
        <article key={r} className="card stack" aria-label={recipe.name}>
          <h3>{recipe.name}</h3>
          <p className="muted small">
            {[recipe.author ? `By ${recipe.author}` : null, recipe.sourceUrl].filter(Boolean).join(' · ')}
          </p>
          <RecipeFacts recipe={recipe} />
          <p className="small">
            {lines.filter(needsCheck).length} of {lines.length} lines to check;{' '}
            {lines.filter((l) => l.asText).length} kept as text.
          </p>
          <ul className="import-lines">
            {lines.map((line, l) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of one recipe, in order, may repeat
              <ReviewLine key={l} r={r} l={l} line={line} />
            ))}
          </ul>
        </article>
      ))}
      <button
        type="button"
        className="button primary"
        disabled={status === 'saving'}
        onClick={() => void saveAll(userId)}
      >
        {status === 'saving'
          ? 'Saving...'
          : recipes.length === 1
            ? 'Save recipe'
            : `Save ${recipes.length} recipes`}
      </button>
    </section>
  );
}

/** What comes along besides the lines: portions, time, the photo and tags (edit them on the recipe later). */
function RecipeFacts({
  recipe,
}: {
  recipe: { portions: number | null; duration: number | null; image: string | null; tags: readonly string[] };
}) {
  const facts = [
    recipe.portions ? `Serves ${recipe.portions}` : null,
    recipe.duration ? formatDuration(recipe.duration) : null,
    recipe.image ? 'with its photo' : null,
    recipe.tags.length > 0 ? `Tags: ${recipe.tags.join(', ')}` : null,
  ].filter(Boolean);
  return facts.length > 0 ? <p className="small">{facts.join(' · ')}</p> : null;
}
