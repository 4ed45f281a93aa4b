import { describe, expect, it } from 'vitest';
import { formatAud, formatCents, formatDay } from './format.ts';

describe('formatDay', () => {
  it("writes every day of four years as en-AU's Intl does", () => {
    const intl = new Intl.DateTimeFormat('en-AU', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2029, 0, 1); ms += 86_400_000) {
      const iso = new Date(ms).toISOString().slice(0, 10);
      expect(formatDay(iso)).toBe(intl.format(new Date(ms)));
    }
    expect(formatDay('2026-11-29')).toBe('Sunday 29 November');
  });
});

describe('formatAud and formatCents', () => {
  it('write dollars, and a dash for nothing', () => {
    expect(formatAud(4.5)).toBe('$4.50');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatAud(null)).toBe('—');
    expect(formatAud(Number.NaN)).toBe('—');
    expect(formatCents(undefined)).toBe('—');
  });
});
