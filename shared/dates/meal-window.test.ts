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

describe("Sydney's date without Intl", () => {
  const sydney = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });

  it("is Intl's answer at every hour of years with daylight saving changes", () => {
    for (const year of [2008, 2026, 2027, 2038, 2100]) {
      for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += 3_600_000) {
        const now = new Date(ms);
        expect(planToday(now), now.toISOString()).toBe(sydney.format(now));
      }
    }
  });

  it("is Intl's answer either side of each change, to the minute", () => {
    // 2026: summer time ends 5 April at 3 am (16:00 UTC the day before) and starts 4 October at 2 am.
    for (const change of [Date.UTC(2026, 3, 4, 16), Date.UTC(2026, 9, 3, 16)]) {
      for (let ms = change - 3 * 3_600_000; ms <= change + 3 * 3_600_000; ms += 60_000) {
        expect(planToday(new Date(ms))).toBe(sydney.format(new Date(ms)));
      }
    }
  });

  it('leaves years before the rule to Intl', () => {
    const olympics = new Date(Date.UTC(2000, 7, 27, 15)); // 2000's summer time began in August.
    expect(planToday(olympics)).toBe(sydney.format(olympics));
  });
});
