import { connectionFault, type Db } from '../db/index.ts';
import type { Filter } from './filters.ts';
import type { TableInfo } from './tables.ts';

/** Condition names of the SQLSTATEs a cast can raise, as Postgrex prints them. */
const CONDITIONS: Record<string, string> = {
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22003': 'numeric_value_out_of_range',
  '22001': 'string_data_right_truncation',
  '22021': 'character_not_in_repertoire',
  P0001: 'raise_exception',
};

const postgrexMessage = (code: string, message: string): string =>
  `ERROR ${code}${CONDITIONS[code] ? ` (${CONDITIONS[code]})` : ''} ${message}`;

const raise = (message: string) => postgrexMessage('P0001', message);

/**
 * Supabase's realtime.subscription_check_filters: what makes a filter invalid for a table, found
 * when subscribing so that the subscriber gets the error (the filter never reaches a change).
 * Resolves to the exception text, or undefined when every filter is valid.
 */
export async function checkFilters(db: Db, table: TableInfo, filters: Filter[]): Promise<string | undefined> {
  for (const f of filters) {
    const column = table.columns.find((c) => c.name === f.column && c.selectable);
    if (!column) return raise(`invalid column for filter ${f.column}`);
    if (f.op === 'is') {
      const value = String(f.value);
      if (!['null', 'true', 'false', 'unknown'].includes(value)) {
        return raise('invalid value for is filter: must be null, true, false, or unknown');
      }
      if (value !== 'null' && column.sqlType !== 'boolean') {
        return raise(`is ${value} filter requires a boolean column, got ${column.sqlType}`);
      }
      continue;
    }
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (f.op === 'in' && values.length > 100) return raise('too many values for `in` filter. Maximum 100');
    if (column.sqlType === 'text') continue;
    try {
      // The type name comes from the catalog (regtype output), never from the client.
      await db.query(`select count(v::${column.sqlType}) from unnest($1::text[]) as v`, [values]);
    } catch (error) {
      if (connectionFault(error)) throw error;
      const { code, message } = error as { code?: string; message: string };
      return postgrexMessage(code ?? 'XX000', message);
    }
  }
  return undefined;
}
