import type { HeldPack } from '../basket/needs.ts';
import { LIMITS } from '../limits/limits.ts';
import { normalizeName } from '../limits/normalize-name.ts';
import { DEFAULT_UNIT_FACTORS, MILLILITRES_PER_UNIT } from '../units/factors.ts';
import { canonicalUnit } from '../units/unit-spellings.ts';

/** A pantry row as putting away reads and writes it (quantity in `unit`; null: an unknown amount). */
export interface PantryRow {
  id: string;
  name: string;
  ingredient_id: number | null;
  quantity: number | null;
  unit: string | null;
  /** The pack its packets are, where known (shared/basket's holdingToBase). */
  pack?: HeldPack | null;
}

/** A ticked shopping line and the amount bought, in `unit` (the packs' amount, or one typed). */
export interface BoughtLine {
  shopping_id: string;
  name: string;
  ingredient_id: number | null;
  quantity: unknown;
  unit: string | null;
}

/**
 * What putting one line away does to one pantry row: a new row (`insert`, with the line's name,
 * ingredient, `add` and `unit`), or `quantity × scale + add` in `unit` on a row that was in
 * `from_unit`. `scale` restates a row in the base unit when the units differ (1 kg → 1000 g).
 * `public.put_away_shopping` takes exactly these fields.
 */
export interface PutAwayEntry {
  shopping_id: string;
  pantry_id: string;
  insert: boolean;
  from_unit: string | null;
  scale: number;
  unit: string | null;
  add: number;
}

/** A refused amount, naming its field as the API does (`lines[2].quantity`). */
export interface FieldError {
  field: string;
  message: string;
}

/** An entry as it was written, with the row's amount after it: what undo compares against. */
export interface ReceiptEntry extends PutAwayEntry {
  after: number;
}

const DECIMALS = 10 ** LIMITS.itemQuantity.decimals;
/** An amount as the pantry stores it: 3 decimals (LIMITS.itemQuantity). */
export const roundQuantity = (n: number): number => Math.round(n * DECIMALS) / DECIMALS;
const round = roundQuantity;

type Family = { kind: 'mass' | 'volume' | 'count' | 'other'; key: string | null; factor: number };

/**
 * How a unit measures: mass (g, kg) and volume (mL, L, the Australian spoons and cup) convert
 * within themselves by spec 9's default factors, which are exact; counts (no unit, 'each',
 * 'piece') are the same count; any other unit ('jar') is only itself and is never guessed.
 */
function familyOf(unit: string | null): Family {
  const c = canonicalUnit(unit);
  if (c === null || c === 'unit' || c === 'piece') return { kind: 'count', key: null, factor: 1 };
  if (c === 'g' || c === 'kg') return { kind: 'mass', key: 'g', factor: DEFAULT_UNIT_FACTORS[c] as number };
  if (Object.hasOwn(MILLILITRES_PER_UNIT, c))
    return { kind: 'volume', key: 'mL', factor: MILLILITRES_PER_UNIT[c] as number };
  return { kind: 'other', key: c, factor: 1 };
}

const sameItem = (row: PantryRow, line: BoughtLine): boolean =>
  row.ingredient_id !== null
    ? row.ingredient_id === line.ingredient_id
    : line.ingredient_id === null &&
      normalizeName(String(row.name)).toLowerCase() === normalizeName(String(line.name)).toLowerCase();

/**
 * How `line` merges into `row`, or null when their units do not convert: the same unit adds as
 * it is; mass to mass or volume to volume restates the row in grams or millilitres and adds
 * there (1 kg + 500 g = 1500 g), so nothing is lost to rounding.
 */
function mergeInto(
  row: PantryRow,
  line: BoughtLine,
  amount: number,
): Omit<PutAwayEntry, 'shopping_id'> | null {
  if (row.quantity === null) return null;
  const a = familyOf(row.unit);
  const b = familyOf(line.unit);
  if (a.kind !== b.kind || (a.kind === 'other' && a.key !== b.key)) return null;
  const same = canonicalUnit(row.unit) === canonicalUnit(line.unit) || a.kind === 'count';
  return same
    ? { pantry_id: row.id, insert: false, from_unit: row.unit, scale: 1, unit: row.unit, add: amount }
    : {
        pantry_id: row.id,
        insert: false,
        from_unit: row.unit,
        scale: a.factor,
        unit: a.key,
        add: round(amount * b.factor),
      };
}

/** The amount of a line as the API takes it, or the message refusing it. */
function amountOf(line: BoughtLine): number | string {
  const q = line.quantity;
  const max = LIMITS.itemQuantity.max;
  if (typeof q !== 'number' || !Number.isFinite(q) || round(q) <= 0 || q > max)
    return `The amount of ${line.name} must be a number above 0 and at most ${max}.`;
  return round(q);
}

/**
 * Putting ticked shopping lines away (issue 25): each line's amount goes into the pantry row of
 * the same item (same ingredient, or the same free-text name ignoring case and spacing) whose
 * unit converts, else into a new row (`newId()` names it, so a later line of the batch can add
 * to it). Rows without an amount are not merged into. Lines are taken in order; a refused amount
 * (not a number, 0 or less, over LIMITS.itemQuantity.max, or making a row exceed it) is reported
 * by its field and the caller writes nothing.
 */
export function planPutAway(
  pantry: readonly PantryRow[],
  lines: readonly BoughtLine[],
  newId: () => string,
): { entries: PutAwayEntry[]; errors: FieldError[] } {
  const isObject = <T>(v: T): v is T & object => v !== null && typeof v === 'object';
  const rows: PantryRow[] = (Array.isArray(pantry) ? pantry : []).filter(isObject).map((r) => ({ ...r }));
  const entries: PutAwayEntry[] = [];
  const errors: FieldError[] = [];
  (Array.isArray(lines) ? lines : []).filter(isObject).forEach((line, i) => {
    const field = `lines[${i}].quantity`;
    const amount = amountOf(line);
    if (typeof amount === 'string') {
      errors.push({ field, message: amount });
      return;
    }
    let entry: PutAwayEntry | null = null;
    for (const row of rows) {
      if (!sameItem(row, line)) continue;
      const merge = mergeInto(row, line, amount);
      if (merge !== null) {
        entry = { shopping_id: line.shopping_id, ...merge };
        break;
      }
    }
    entry ??= {
      shopping_id: line.shopping_id,
      pantry_id: typeof newId === 'function' ? String(newId()) : `new-${i}`,
      insert: true,
      from_unit: null,
      scale: 1,
      unit: line.unit,
      add: amount,
    };
    const row = rows.find((r) => r.id === entry.pantry_id);
    const after = round((row?.quantity ?? 0) * entry.scale + entry.add);
    if (after > LIMITS.itemQuantity.max) {
      errors.push({
        field,
        message:
          `${line.name} would come to more than ${LIMITS.itemQuantity.max} ${entry.unit ?? ''} in the pantry.`.replace(
            '  ',
            ' ',
          ),
      });
      return;
    }
    if (row) Object.assign(row, { quantity: after, unit: entry.unit });
    else
      rows.push({
        id: entry.pantry_id,
        name: line.name,
        ingredient_id: line.ingredient_id,
        quantity: after,
        unit: entry.unit,
      });
    entries.push(entry);
  });
  return { entries, errors };
}

/**
 * The pantry after the entries, as `public.put_away_shopping` writes it, and the receipt undo
 * needs. `lines` give new rows their name and ingredient.
 */
export function applyPutAway(
  pantry: readonly PantryRow[],
  entries: readonly PutAwayEntry[],
  lines: readonly BoughtLine[],
): { pantry: PantryRow[]; receipt: ReceiptEntry[] } {
  const rows = pantry.map((r) => ({ ...r }));
  const receipt: ReceiptEntry[] = [];
  for (const entry of entries) {
    const row = rows.find((r) => r.id === entry.pantry_id);
    const after = round((row?.quantity ?? 0) * entry.scale + entry.add);
    if (row) Object.assign(row, { quantity: after, unit: entry.unit });
    else {
      const line = lines.find((l) => l.shopping_id === entry.shopping_id);
      rows.push({
        id: entry.pantry_id,
        name: line?.name ?? '',
        ingredient_id: line?.ingredient_id ?? null,
        quantity: after,
        unit: entry.unit,
      });
    }
    receipt.push({ ...entry, after });
  }
  return { pantry: rows, receipt };
}

/**
 * Undoing a put-away, as `public.undo_put_away` does, last entry first: a row nobody touched
 * since goes back exactly as it was (a new row goes); a row someone changed since keeps their
 * change and loses only the amount put away (gone when that leaves nothing), and says so; a row
 * someone removed, or restated in another unit, is left as it is, and says so.
 */
export function undoPutAway(
  pantry: readonly PantryRow[],
  receipt: readonly ReceiptEntry[],
): { pantry: PantryRow[]; notes: string[] } {
  let rows = pantry.map((r) => ({ ...r }));
  const notes: string[] = [];
  for (const entry of [...receipt].reverse()) {
    const row = rows.find((r) => r.id === entry.pantry_id);
    if (!row) {
      notes.push('An item was removed from the pantry since it was put away; it stays removed.');
      continue;
    }
    if (row.quantity === entry.after && row.unit === entry.unit) {
      if (entry.insert) rows = rows.filter((r) => r !== row);
      else
        Object.assign(row, {
          quantity: round((entry.after - entry.add) / entry.scale),
          unit: entry.from_unit,
        });
      continue;
    }
    if (row.unit !== entry.unit || row.quantity === null) {
      notes.push(`${row.name} was changed since it was put away; it is left as it is now.`);
      continue;
    }
    const left = round(row.quantity - entry.add);
    notes.push(
      `${row.name} was changed by someone since it was put away: their change is kept and only the amount put away is taken back.`,
    );
    if (left > 0) row.quantity = left;
    else rows = rows.filter((r) => r !== row);
  }
  return { pantry: rows, notes };
}
