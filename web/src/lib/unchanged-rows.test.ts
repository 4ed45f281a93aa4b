import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './unchanged-rows.ts';

const row = (id: number, name: string) => ({ id, name, lines: [{ amount: id }] });

describe('keepUnchanged', () => {
  it('keeps every row of a reload that changed nothing, and says so', () => {
    const before = [row(1, 'Soup'), row(2, 'Stew')];
    const { rows, changed } = keepUnchanged(before, [row(1, 'Soup'), row(2, 'Stew')], (r) => r.id);
    expect(changed).toBe(false);
    expect(rows[0]).toBe(before[0]);
    expect(rows[1]).toBe(before[1]);
  });

  it('takes the changed row and keeps the others', () => {
    const before = [row(1, 'Soup'), row(2, 'Stew')];
    const { rows, changed } = keepUnchanged(before, [row(1, 'Soup'), row(2, 'Beef stew')], (r) => r.id);
    expect(changed).toBe(true);
    expect(rows[0]).toBe(before[0]);
    expect(rows[1]).toEqual(row(2, 'Beef stew'));
  });

  it('counts an added, a removed and a moved row as a change', () => {
    const before = [row(1, 'Soup'), row(2, 'Stew')];
    expect(keepUnchanged(before, [...before, row(3, 'Pie')], (r) => r.id).changed).toBe(true);
    expect(keepUnchanged(before, [row(1, 'Soup')], (r) => r.id).changed).toBe(true);
    expect(keepUnchanged(before, [row(2, 'Stew'), row(1, 'Soup')], (r) => r.id).changed).toBe(true);
  });

  it('sees a change deep inside a row', () => {
    const before = [row(1, 'Soup')];
    const next = [{ id: 1, name: 'Soup', lines: [{ amount: 2 }] }];
    expect(keepUnchanged(before, next, (r) => r.id).changed).toBe(true);
  });
});
