import type { IncomingMessage } from 'node:http';
import { RestError } from './errors.ts';
import type { TxEnd } from './settings.ts';

/** The `Prefer` header (RFC 7240) as PostgREST reads it (ApiRequest/Preferences.hs). */
export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  return?: 'minimal' | 'representation' | 'headers-only';
  params?: 'single-object';
  count?: 'exact' | 'planned' | 'estimated';
  /** Only when db-tx-end allows overriding it (`*-allow-override`). */
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  /** `max-affected=n`: with handling=strict, more affected rows fail (PGRST124). */
  maxAffected?: number;
}

type Key = Exclude<keyof Preferences, 'maxAffected'>;

/** Every preference PostgREST knows, in the order Preference-Applied lists them (prefAppliedHeader). */
const KNOWN: [Key, string[]][] = [
  ['resolution', ['merge-duplicates', 'ignore-duplicates']],
  ['missing', ['default', 'null']],
  ['return', ['representation', 'minimal', 'headers-only']],
  ['params', ['single-object']],
  ['count', ['exact', 'planned', 'estimated']],
  ['tx', ['commit', 'rollback']],
  ['handling', ['strict', 'lenient']],
];

const ACCEPTED = new Set(KNOWN.flatMap(([key, values]) => values.map((v) => `${key}=${v}`)));

/**
 * PostgREST's Preferences.fromHeaders: every `Prefer` header, split on commas; the first value of
 * a preference wins; `tx` counts only when db-tx-end allows overriding. Anything else is invalid,
 * which matters only with handling=strict (PGRST122, raised by checkPreferences).
 */
export function parsePreferences(
  req: IncomingMessage,
  txEnd: TxEnd = 'commit',
): Preferences & { invalid: string[] } {
  const raw = req.headers.prefer;
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const prefs: Preferences & { invalid: string[] } = { invalid: [] };
  const allowTx = txEnd.endsWith('-allow-override');
  for (const item of items) {
    if (!ACCEPTED.has(item)) continue;
    const [key, value] = item.split('=') as [Key, string];
    if (key === 'tx' && !allowTx) continue;
    if (prefs[key] === undefined) (prefs as unknown as Record<string, string>)[key] = value;
  }
  const maxAffected = items.find((i) => i.startsWith('max-affected='));
  if (maxAffected !== undefined) {
    const n = maxAffected.slice('max-affected='.length);
    if (/^-?\d+$/.test(n)) prefs.maxAffected = Number(n);
  }
  prefs.invalid = items.filter((i) => !ACCEPTED.has(i) && !i.startsWith('max-affected='));
  return prefs;
}

/** PGRST122: with handling=strict, PostgREST refuses preferences it does not know (Plan.hs). */
export function checkPreferences(prefs: Preferences & { invalid?: string[] }): void {
  if (prefs.handling === 'strict' && prefs.invalid && prefs.invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
  }
}

/** `Preference-Applied` for the preferences an action honours, in PostgREST's order. */
export function preferenceApplied(prefs: Preferences, keys: (Key | 'maxAffected')[]): Record<string, string> {
  const applied: string[] = [];
  for (const [key] of KNOWN) {
    if (keys.includes(key) && prefs[key] !== undefined) applied.push(`${key}=${prefs[key]}`);
  }
  if (keys.includes('maxAffected') && prefs.handling === 'strict' && prefs.maxAffected !== undefined) {
    applied.push(`max-affected=${prefs.maxAffected}`);
  }
  return applied.length > 0 ? { 'Preference-Applied': applied.join(', ') } : {};
}

export interface PlanChoice {
  format: 'text' | 'json';
  /** EXPLAIN options, in PostgREST's order: analyze, verbose, settings, buffers, wal. */
  options: string[];
  /** The media type the plan is for, and how PostgREST prints it. */
  for: MediaChoice;
  forMime: string;
}

export interface MediaChoice {
  single: boolean;
  stripNulls: boolean;
  csv: boolean;
  /** `Accept: application/vnd.pgrst.plan…`: answer with the query's EXPLAIN (db-plan-enabled). */
  plan?: PlanChoice;
}

interface Decoded {
  /** What PostgREST's toMime prints for it (in PGRST107's message). */
  mime: string;
  choice: MediaChoice | null;
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

/** PostgREST's tokenizeMediaType: `type/subtype` then `;key=value` pairs (quoted or not). */
function tokenize(text: string): { type: string; params: Map<string, string> } {
  const m = /^([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)/.exec(text);
  if (!m) return { type: text.toLowerCase(), params: new Map() };
  const params = new Map<string, string>();
  let rest = text.slice(m[0].length);
  for (;;) {
    const p = /^\s*;\s*([A-Za-z0-9-]+)\s*=\s*(?:"([^"]*)"|([A-Za-z0-9|-]+))/.exec(rest);
    if (!p) break;
    params.set(p[1]!.toLowerCase(), p[2] ?? p[3]!);
    rest = rest.slice(p[0].length);
  }
  return { type: `${m[1]}/${m[2]}`.toLowerCase(), params };
}

/** PostgREST's decodeMediaType, limited to the media types the stack produces. */
function decode(text: string): Decoded {
  const { type, params } = tokenize(text);
  const stripped = params.get('nulls') === 'stripped';
  switch (type) {
    case 'application/json':
      return { mime: 'application/json', choice: { single: false, stripNulls: false, csv: false } };
    case '*/*':
      return { mime: '*/*', choice: { single: false, stripNulls: false, csv: false } };
    case 'text/csv':
      return { mime: 'text/csv', choice: { single: false, stripNulls: false, csv: true } };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return {
        mime: `application/vnd.pgrst.object+json${stripped ? ';nulls=stripped' : ''}`,
        choice: { single: true, stripNulls: stripped, csv: false },
      };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped
        ? {
            mime: 'application/vnd.pgrst.array+json;nulls=stripped',
            choice: { single: false, stripNulls: true, csv: false },
          }
        : { mime: 'application/json', choice: { single: false, stripNulls: false, csv: false } };
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
    case 'application/vnd.pgrst.plan+json': {
      const format = type.endsWith('+json') ? 'json' : 'text';
      const inner = decode(params.get('for') ?? 'application/json');
      const given = (params.get('options') ?? '').split('|');
      const options = PLAN_OPTIONS.filter((o) => given.includes(o));
      const mime = `application/vnd.pgrst.plan+${format}; for="${inner.mime}"${options.length > 0 ? `; options=${options.join('|')}` : ''}`;
      // A plan for a media type that has no handler has none either.
      const choice =
        inner.choice && !inner.choice.plan
          ? { ...inner.choice, plan: { format, options, for: inner.choice, forMime: inner.mime } }
          : null;
      return { mime, choice: choice as MediaChoice | null };
    }
    default:
      return { mime: CANONICAL[type] ?? text, choice: null };
  }
}

/** Media types PostgREST knows but the stack has no handler for, printed as toMime does. */
const CANONICAL: Record<string, string> = {
  'application/geo+json': 'application/geo+json',
  'text/plain': 'text/plain',
  'text/xml': 'text/xml',
  'application/openapi+json': 'application/openapi+json',
  'application/x-www-form-urlencoded': 'application/x-www-form-urlencoded',
  'application/octet-stream': 'application/octet-stream',
};

/**
 * wai-extra's parseHttpAccept, as PostgREST uses it: spaces removed, `;q=` split off, the types
 * sorted by quality and then by specificity (parameters count up, wildcards down).
 */
function parseAccept(header: string): string[] {
  const entries = header.split(',').map((raw, index) => {
    const s = raw.replaceAll(' ', '');
    const at = s.indexOf(';q=');
    const type = at === -1 ? s : s.slice(0, at);
    const qText = at === -1 ? '' : s.slice(at + 3).split(';')[0]!;
    const q = at === -1 ? 1 : Number.isFinite(Number.parseFloat(qText)) ? Number.parseFloat(qText) : 0;
    const specificity = (type.match(/;/g)?.length ?? 0) - (type.match(/\*/g)?.length ?? 0);
    return { type, q, specificity, index };
  });
  entries.sort((a, b) => b.q - a.q || b.specificity - a.specificity || a.index - b.index);
  return entries.map((e) => e.type);
}

/**
 * Content negotiation as PostgREST's negotiateContent: the first acceptable type with a
 * handler wins; plans only when db-plan-enabled; otherwise 406 PGRST107 naming what was asked.
 */
export function negotiate(req: IncomingMessage, planEnabled = false): MediaChoice {
  const accept = req.headers.accept;
  if (!accept) return { single: false, stripNulls: false, csv: false };
  const decoded = parseAccept(accept).map(decode);
  for (const d of decoded) {
    if (!d.choice) continue;
    if (d.choice.plan && !planEnabled) continue;
    return d.choice;
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${decoded.map((d) => d.mime).join(', ')}`,
  );
}

/** The Content-Type of a plan response (MediaType.hs toContentType of MTVndPlan). */
export function planContentType(plan: PlanChoice): string {
  const options = plan.options.length > 0 ? `; options=${plan.options.join('|')}` : '';
  return `application/vnd.pgrst.plan+${plan.format}; for="${plan.forMime}"${options}; charset=utf-8`;
}
