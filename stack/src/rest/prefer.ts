import type { IncomingMessage } from 'node:http';
import { RestError } from './errors.ts';

/** The `Prefer` header (RFC 7240) as PostgREST reads it (ApiRequest/Preferences.hs). */
export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  /** `max-affected=n`: with handling=strict, PATCH/DELETE touching more rows fail (PGRST124). */
  maxAffected?: number;
  applied: string[];
}

const ALLOWED: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
  timezone: [],
  params: ['single-object', 'multiple-objects'],
};

export function parsePreferences(req: IncomingMessage): Preferences {
  const raw = req.headers.prefer;
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  const prefs: Preferences = { applied: [] };
  const invalid: string[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (!item) continue;
    const [key = '', value] = item.split('=').map((s) => s.trim());
    if (key === 'max-affected' && value !== undefined && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value);
      continue;
    }
    const known = value !== undefined && (ALLOWED[key]?.includes(value) || key === 'timezone');
    if (!known) {
      invalid.push(item);
      continue;
    }
    // Repeated preferences: the first wins, as PostgREST does.
    if (key in prefs || key === 'tx' || key === 'timezone' || key === 'params') continue;
    (prefs as unknown as Record<string, string>)[key] = value;
  }
  // Unknown preferences are ignored unless the client asked for handling=strict (PGRST122).
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return prefs;
}

export interface MediaChoice {
  single: boolean;
  stripNulls: boolean;
  csv: boolean;
}

/** Content negotiation for the media types supabase-js asks for. */
export function negotiate(req: IncomingMessage): MediaChoice {
  const accept = req.headers.accept;
  if (!accept) return { single: false, stripNulls: false, csv: false };
  const types = accept.split(',').map((t) => t.trim());
  for (const t of types) {
    const [type = '', ...params] = t.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { single: true, stripNulls, csv: false };
    }
    if (
      type === 'application/json' ||
      type === 'application/vnd.pgrst.array+json' ||
      type === '*/*' ||
      type === 'application/*'
    ) {
      return { single: false, stripNulls, csv: false };
    }
    if (type === 'text/csv') return { single: false, stripNulls: false, csv: true };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
}
