import { describe, expect, it } from 'vitest';
import { mealWindow, planToday } from './meal-window.ts';

describe('mealWindow (spec 9: today through 7 days ahead)', () => {
  it('runs from today to today + 7 in Australia/Sydney by default', () => {
    // 14:30 UTC on 22 Nov is 01:30 on 23 Nov in Sydney (AEDT, UTC+11).
    const w = mealWindow(new Date('2026-11-22T14:30:00Z'));
    expect(w.from).toBe('2026-11-23');
    expect(w.to).toBe('2026-11-30');
    expect(w.dates).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
  });

  it("uses the given time zone's date", () => {
    const at = new Date('2026-11-22T14:30:00Z');
    expect(mealWindow(at, 'UTC').from).toBe('2026-11-22');
    expect(mealWindow(at, 'America/Los_Angeles').from).toBe('2026-11-22');
    expect(mealWindow(at, 'Pacific/Kiritimati').from).toBe('2026-11-23');
  });

  it('crosses month and year ends and daylight-saving changes', () => {
    expect(mealWindow(new Date('2026-12-28T00:00:00Z'), 'UTC').to).toBe('2027-01-04');
    expect(mealWindow(new Date('2028-02-25T00:00:00Z'), 'UTC').dates).toContain('2028-02-29');
    // Sydney leaves daylight saving on Sunday 5 April 2026.
    const dst = mealWindow(new Date('2026-04-01T00:00:00Z'));
    expect(dst.dates).toEqual([
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
      '2026-04-06',
      '2026-04-07',
      '2026-04-08',
    ]);
  });

  it('falls back to Sydney for an unknown zone and to now for an invalid date', () => {
    const at = new Date('2026-11-22T14:30:00Z');
    expect(mealWindow(at, 'Not/AZone')).toEqual(mealWindow(at));
    expect(mealWindow(new Date(Number.NaN)).dates).toHaveLength(8);
  });
});

describe("planToday (spec 4: meals before today are past; spec 9: the window's first day)", () => {
  it("is Sydney's date on either side of Sydney's midnight, in and out of daylight saving", () => {
    // AEDT (UTC+11): midnight of 23 Nov 2026 is 13:00 UTC on the 22nd.
    expect(planToday(new Date('2026-11-22T12:59:59.999Z'))).toBe('2026-11-22');
    expect(planToday(new Date('2026-11-22T13:00:00.000Z'))).toBe('2026-11-23');
    // AEST (UTC+10): midnight of 10 Jun 2026 is 14:00 UTC on the 9th.
    expect(planToday(new Date('2026-06-09T13:59:59.999Z'))).toBe('2026-06-09');
    expect(planToday(new Date('2026-06-09T14:00:00.000Z'))).toBe('2026-06-10');
  });

  it("is the window's first day", () => {
    const at = new Date('2026-11-22T12:59:59.999Z');
    expect(planToday(at)).toBe(mealWindow(at).from);
  });
});
