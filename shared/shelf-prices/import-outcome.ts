/** What a price import did, as the import log (public.price_imports) records it and people read it. */
import type { Tables } from '../../supabase/database.types.ts';
import { groupDigits } from './feed.ts';

/** A row of public.price_imports, as the schema's generated types describe it. */
export type PriceImportLog = Tables<'price_imports'>;

/** An import applied, or skipped because the same files were applied before. */
export type ImportOutcome =
  | { status: 'applied'; log: PriceImportLog }
  | { status: 'already-imported'; previous: PriceImportLog };

const count = (n: unknown): string => groupDigits(typeof n === 'number' ? n : 0);

/** One line saying what an import changed (or that it changed nothing). Never throws. */
export function describeOutcome(outcome: ImportOutcome): string {
  if (outcome?.status === 'already-imported' && typeof outcome.previous === 'object' && outcome.previous) {
    const p = outcome.previous;
    const at = typeof p.imported_at === 'string' ? p.imported_at.slice(0, 16).replace('T', ' ') : '?';
    return `already imported as #${p.id} on ${at} UTC by ${p.imported_by}: nothing changed (--force applies it again)`;
  }
  const l = (outcome?.status === 'applied' && outcome.log) || null;
  if (typeof l !== 'object' || l === null) return 'nothing imported';
  const changed =
    l.rows_added + l.products_added + l.products_updated + l.mappings_changed + l.ingredients_repriced > 0;
  if (!changed) return `import #${l.id}: nothing changed: all ${count(l.rows_read)} rows were already known`;
  return [
    `import #${l.id}: ${count(l.rows_added)} prices added (${count(l.rows_quarantined)} quarantined)`,
    `${count(l.rows_unchanged)} rows unchanged`,
    `${count(l.products_added)} products added, ${count(l.products_updated)} updated`,
    `${count(l.mappings_changed)} ingredient matches changed`,
    `${count(l.ingredients_repriced)} ingredients repriced`,
  ].join(', ');
}
