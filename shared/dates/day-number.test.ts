import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateOfDay, dayNumber, shiftDate } from './day-number.ts';

describe('dayNumber and dateOfDay: calendar days as numbers', () => {
  it('reads a real date and writes it back', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dateOfDay(dayNumber('2028-02-29') as number)).toBe('2028-02-29');
  });

  it('takes no day that is not on the calendar, nor anything else', () => {
    for (const text of ['2026-02-30', '2026-13-01', '2026-1-01', ' 2026-01-01', '', 'today', null, 20260101])
      expect(dayNumber(text)).toBeNull();
  });

  it('round-trips every day of four centuries', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (day) => {
        const date = dateOfDay(day);
        return !/^\d{4}-/.test(date) || dayNumber(date) === day;
      }),
    );
  });
});

describe('shiftDate: the date some days on', () => {
  it('crosses months, leap days and years', () => {
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDate('2026-11-29', -83)).toBe('2026-09-07');
  });

  it('is null for a date that is not one, or a step that is not whole days', () => {
    expect(shiftDate('2026-02-30', 1)).toBeNull();
    expect(shiftDate('soon', 1)).toBeNull();
    expect(shiftDate('2026-11-29', 0.5)).toBeNull();
    expect(shiftDate('2026-11-29', Number.NaN)).toBeNull();
  });
});
