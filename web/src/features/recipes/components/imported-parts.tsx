import type { Recipe } from '../api.ts';

/**
 * Where an imported recipe came from (issue 24): its page and author, as text and a plain link
 * (the database holds only http and https addresses; the link opens without our page as opener).
 */
export function RecipeSource({ recipe }: { recipe: Pick<Recipe, 'source_url' | 'source_author'> }) {
  const { source_url: url, source_author: author } = recipe;
  if (!url && !author) return null;
  return (
    <p className="muted small recipe-source">
      {author ? <span>By {author}</span> : null}
      {author && url ? ' · ' : null}
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer nofollow">
          From {hostOf(url)}
        </a>
      ) : null}
    </p>
  );
}

/** Lines the importer kept as text: shown, and saying they count in neither nutrition nor price. */
export function TextLines({ lines }: { lines: readonly string[] | null }) {
  if (!lines || lines.length === 0) return null;
  return (
    <>
      <ul className="ingredients text-lines">
        {lines.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: ordered text without ids, may repeat
          <li key={i}>{text}</li>
        ))}
      </ul>
      <p className="muted small">
        {lines.length === 1 ? 'This line is' : 'These lines are'} kept as text: not counted in nutrition or
        price.
      </p>
    </>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
