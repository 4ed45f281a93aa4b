/** One CSV record: its fields as written, and the line of the file it starts on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A CSV file read apart: its records in order, or the first place it stops being CSV. */
export interface CsvParse {
  records: CsvRecord[];
  /** Where and why the text is not CSV (an unclosed quote, text after a closing quote). */
  error: { line: number; message: string } | null;
}

/**
 * Reads CSV as RFC 4180 writes it (and spreadsheets export it): fields separated by commas,
 * records by CRLF or LF, a field in double quotes may hold commas, line breaks and `""` for a
 * quote. A byte-order mark is dropped; blank lines are skipped. Fields are returned as written
 * (no trimming, no type conversion). Never throws: a non-string reads as no records.
 */
export function parseCsv(text: string): CsvParse {
  const records: CsvRecord[] = [];
  if (typeof text !== 'string') return { records, error: null };
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Most feeds quote nothing: then records are lines and fields are what lies between commas.
  if (src.indexOf('"') < 0) {
    const lines = src.split('\n');
    for (let i = 0; i < lines.length; i++) {
      let line = lines[i] as string;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line.includes('\r')) return parseQuoted(src, records);
      if (line !== '') records.push({ line: i + 1, fields: line.split(',') });
    }
    return { records, error: null };
  }
  return parseQuoted(src, records);
}

/** The general case: quoted fields, which may hold commas and line breaks. */
function parseQuoted(src: string, records: CsvRecord[]): CsvParse {
  records.length = 0;
  const n = src.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let blank = true;
    for (;;) {
      let field: string;
      if (src.charCodeAt(i) === 34) {
        // A quoted field: up to the quote that is not doubled.
        blank = false;
        let out = '';
        let from = i + 1;
        for (;;) {
          const q = src.indexOf('"', from);
          if (q < 0) return { records, error: { line: start, message: 'a quoted field is never closed' } };
          out += src.slice(from, q);
          if (src.charCodeAt(q + 1) === 34) {
            out += '"';
            from = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        for (const ch of out) if (ch === '\n') line++;
        field = out;
        const next = src.charCodeAt(i);
        if (i < n && next !== 44 && next !== 10 && next !== 13)
          return { records, error: { line, message: 'text follows a closing quote' } };
      } else {
        let j = i;
        while (j < n) {
          const c = src.charCodeAt(j);
          if (c === 44 || c === 10 || c === 13) break;
          j++;
        }
        field = src.slice(i, j);
        if (field !== '') blank = false;
        i = j;
      }
      fields.push(field);
      if (i < n && src.charCodeAt(i) === 44) {
        blank = false;
        i++;
        continue;
      }
      break;
    }
    // End of record: CRLF, LF, a lone CR, or the end of the text.
    if (src.charCodeAt(i) === 13) i++;
    if (src.charCodeAt(i) === 10) i++;
    line++;
    if (!blank) records.push({ line: start, fields });
  }
  return { records, error: null };
}
