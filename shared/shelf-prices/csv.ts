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
  const src = withoutBom(text);
  if (quotesNothing(src)) {
    eachLine(src, (line, fields) => {
      records.push({ line, fields });
    });
    return { records, error: null };
  }
  return { records, error: parseQuoted(src, records) };
}

/**
 * parseCsv a record at a time: `visit` gets each record's line and fields in order, and none
 * at all when the text is not CSV (the place and reason are returned instead). A feed of
 * 100,000 rows held whole as records is most of what the garbage collector copies, so a feed
 * that quotes nothing (which cannot fail) is never held whole.
 */
export function eachCsvRecord(
  text: string,
  visit: (line: number, fields: string[]) => void,
): CsvParse['error'] {
  if (typeof text !== 'string') return null;
  const src = withoutBom(text);
  if (quotesNothing(src)) {
    eachLine(src, visit);
    return null;
  }
  const records: CsvRecord[] = [];
  const error = parseQuoted(src, records);
  if (!error) for (const r of records) visit(r.line, r.fields);
  return error;
}

const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Most feeds quote nothing and end lines with LF or CRLF: then records are lines. */
const quotesNothing = (src: string): boolean =>
  src.indexOf('"') < 0 && (src.indexOf('\r') < 0 || !/\r(?!\n|$)/.test(src));

/** The records of text that quotes nothing: lines, fields what lies between commas. */
function eachLine(src: string, visit: (line: number, fields: string[]) => void): void {
  const n = src.length;
  let from = 0;
  for (let line = 1; from < n; line++) {
    let end = src.indexOf('\n', from);
    if (end < 0) end = n;
    const stop = end > from && src.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (stop > from) {
      // The fields sliced from the text itself: a line sliced and then split is one string more
      // per record, and 100,000 records make that a third of the reading.
      const fields: string[] = [];
      let at = from;
      for (;;) {
        const comma = src.indexOf(',', at);
        if (comma < 0 || comma >= stop) {
          fields.push(src.slice(at, stop));
          break;
        }
        fields.push(src.slice(at, comma));
        at = comma + 1;
      }
      visit(line, fields);
    }
    from = end + 1;
  }
}

/** The general case: quoted fields, which may hold commas and line breaks. */
function parseQuoted(src: string, records: CsvRecord[]): CsvParse['error'] {
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
          if (q < 0) return { line: start, message: 'a quoted field is never closed' };
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
          return { line, message: 'text follows a closing quote' };
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
  return null;
}
