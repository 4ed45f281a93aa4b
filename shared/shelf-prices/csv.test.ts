import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads fields, quotes, doubled quotes, line breaks inside quotes, CRLF and a BOM', () => {
    const text = '\ufeffa,b,c\r\n1,"two, too","say ""hi"""\r\n"multi\nline",,x\n\n';
    expect(parseCsv(text)).toEqual({
      records: [
        { line: 1, fields: ['a', 'b', 'c'] },
        { line: 2, fields: ['1', 'two, too', 'say "hi"'] },
        { line: 3, fields: ['multi\nline', '', 'x'] },
      ],
      error: null,
    });
  });
  it('numbers records by the line they start on, skipping blank lines', () => {
    expect(parseCsv('h\n\n"a\nb"\nc').records.map((r) => r.line)).toEqual([1, 3, 5]);
  });
  it('says where it stops being CSV', () => {
    expect(parseCsv('a,b\n1,"open').error).toEqual({ line: 2, message: 'a quoted field is never closed' });
    expect(parseCsv('a\n"x"y').error).toEqual({ line: 2, message: 'text follows a closing quote' });
  });
  it('reads back whatever a CSV writer writes (fast-check)', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r\n', ' ', 'é', '1') });
    const quote = (f: string) => (/[",\r\n]/.test(f) || f === '' ? `"${f.replaceAll('"', '""')}"` : f);
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 5 }), { maxLength: 8 }), (rows) => {
        const text = rows.map((r) => r.map(quote).join(',')).join('\r\n');
        expect(parseCsv(text).records.map((r) => r.fields)).toEqual(rows);
      }),
    );
  });
});
