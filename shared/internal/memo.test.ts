import { describe, expect, it } from 'vitest';
import { MEMO_MAX_KEY_LENGTH, memoByString } from './memo.ts';

describe('memoByString', () => {
  it('computes once per key and stays bounded', () => {
    let calls = 0;
    const f = memoByString(2, (k) => {
      calls++;
      return k.length;
    });
    expect(f('ab')).toBe(2);
    expect(f('ab')).toBe(2);
    expect(calls).toBe(1);
    f('c');
    f('d'); // full: cleared, then 'd' stored
    expect(f('ab')).toBe(2);
    expect(calls).toBe(4);
  });

  it('never stores long keys but still answers them', () => {
    let calls = 0;
    const f = memoByString(10, (k) => {
      calls++;
      return k.length;
    });
    const long = 'x'.repeat(MEMO_MAX_KEY_LENGTH + 1);
    expect(f(long)).toBe(MEMO_MAX_KEY_LENGTH + 1);
    expect(f(long)).toBe(MEMO_MAX_KEY_LENGTH + 1);
    expect(calls).toBe(2);
  });
});
