/**
 * Whether a subscriber may see a changed row, decided from the table's SELECT policies applied
 * to the row's captured values (not by looking the row up, so the verdict is the row as it was
 * at the change: a row deleted or changed right after still gets the right answer, and a
 * DELETE with the whole old row can be checked too).
 */

export interface PolicyInfo {
  privileged: boolean;
  bypass: boolean;
  permissive: string[] | null;
  restrictive: string[] | null;
}

export interface VisibilityCheck {
  /**
   * One statement run as the subscriber (role and request.jwt.claims set, as PostgREST does) by
   * realtime.visible_to(); `$1` = the row as jsonb. Works for any policy.
   */
  perSubscriber: string;
  /**
   * When the policies only read the claims through auth.uid(), auth.role() or auth.jwt() and
   * call no other function or subquery, the same condition over `rt_subscriber.claims`: then one plain
   * statement decides for every subscriber at once, with no role switching.
   */
  batched?: string;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const CLAIM_FUNCTIONS: [RegExp, string][] = [
  [
    /\(\s*SELECT\s+auth\.uid\(\)\s+AS\s+\w+\s*\)|\bauth\.uid\(\)/gi,
    `nullif(rt_subscriber.claims ->> 'sub', '')::uuid`,
  ],
  [/\(\s*SELECT\s+auth\.role\(\)\s+AS\s+\w+\s*\)|\bauth\.role\(\)/gi, `(rt_subscriber.claims ->> 'role')`],
  [/\(\s*SELECT\s+auth\.jwt\(\)\s+AS\s+\w+\s*\)|\bauth\.jwt\(\)/gi, `rt_subscriber.claims`],
];

/** Built-in functions that cannot read the session's claims. */
const PURE_CALLS = new Set([
  ...['nullif', 'coalesce', 'lower', 'upper', 'btrim', 'trim', 'length', 'char_length'],
  // Keywords the deparser puts before a parenthesis.
  ...['any', 'all', 'array', 'and', 'or', 'not', 'in', 'is', 'when', 'then', 'else', 'like', 'ilike'],
]);

function batchable(condition: string): string | undefined {
  let rewritten = condition;
  for (const [pattern, replacement] of CLAIM_FUNCTIONS) rewritten = rewritten.replace(pattern, replacement);
  const code = rewritten.replace(/'(?:[^']|'')*'/g, "''");
  if (/\bselect\b|current_setting/i.test(code)) return undefined;
  for (const call of code.matchAll(/([\w.]+)\s*\(/g)) {
    if (!PURE_CALLS.has(call[1]!.toLowerCase())) return undefined;
  }
  return rewritten;
}

/** The check for one table and role: a constant, or SQL evaluating its policies. */
export function visibilityCheck(
  schema: string,
  table: string,
  rls: boolean,
  policy: PolicyInfo,
): boolean | VisibilityCheck {
  if (!policy.privileged) return false;
  if (!rls || policy.bypass) return true;
  const permissive = policy.permissive ?? [];
  const restrictive = policy.restrictive ?? [];
  if (permissive.length === 0) return false;
  const condition = [`(${permissive.join(' or ')})`, ...restrictive].join(' and ');
  const row = `jsonb_populate_record(null::${ident(schema)}.${ident(table)}, $1::jsonb) as ${ident(table)}`;
  const check: VisibilityCheck = { perSubscriber: `select coalesce(${condition}, false) from ${row}` };
  const batched = batchable(condition);
  if (batched) check.batched = batched;
  return check;
}

/** One statement: `$1` = the row, `$2` = claims sets; returns a boolean per claims set. */
export function batchedStatement(schema: string, table: string, condition: string): string {
  return `select coalesce(array_agg(coalesce(${condition}, false) order by rt_subscriber.ord), '{}') as v
    from unnest($2::jsonb[]) with ordinality as rt_subscriber(claims, ord),
         jsonb_populate_record(null::${ident(schema)}.${ident(table)}, $1::jsonb) as ${ident(table)}`;
}
