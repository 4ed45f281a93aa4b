import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe("formatDuration (spec 9 'N hour(s) M min', spec 5 empty for missing or non-numeric)", () => {
  it('formats minutes, hours, and both', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 hour');
    expect(formatDuration(90)).toBe('1 hour 30 min');
    expect(formatDuration(120)).toBe('2 hours');
    expect(formatDuration(150)).toBe('2 hours 30 min');
    expect(formatDuration(61)).toBe('1 hour 1 min');
    expect(formatDuration(0)).toBe('0 min');
  });

  it('accepts numeric strings and rounds to whole minutes', () => {
    expect(formatDuration('90')).toBe('1 hour 30 min');
    expect(formatDuration(44.6)).toBe('45 min');
  });

  it('returns empty for missing or non-numeric values', () => {
    for (const v of [
      null,
      undefined,
      '',
      '  ',
      'abc',
      '1h',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -5,
      {},
      [],
      true,
    ]) {
      expect(formatDuration(v)).toBe('');
    }
  });
});
