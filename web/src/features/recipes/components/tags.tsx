/** A recipe's tags as small labels. */
export function Tags({ tags }: { tags: readonly string[] | null }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="badge soft">
          {t}
        </li>
      ))}
    </ul>
  );
}
