import { describe, expect, it } from 'vitest';
import { daysUnseen, isStale, STALE_AFTER_DAYS } from './freshness.ts';

describe('isStale: a product unseen for more than 7 days', () => {
  it('is fresh up to 7 days unseen and stale from the 8th', () => {
    expect(STALE_AFTER_DAYS).toBe(7);
    expect(isStale('2026-11-01', '2026-11-01')).toBe(false);
    expect(isStale('2026-11-01', '2026-11-08')).toBe(false);
    expect(isStale('2026-11-01', '2026-11-09')).toBe(true);
  });

  it('counts calendar days across months and years', () => {
    expect(daysUnseen('2026-12-28', '2027-01-04')).toBe(7);
    expect(daysUnseen('2026-02-28', '2026-03-01')).toBe(1);
  });

  it('never counts below 0, and says nothing of text that is not a date', () => {
    expect(daysUnseen('2026-11-10', '2026-11-01')).toBe(0);
    expect(daysUnseen('yesterday', '2026-11-01')).toBeNull();
    expect(daysUnseen('2026-11-31', '2026-12-02')).toBeNull();
    expect(isStale('', '2026-11-01')).toBe(false);
  });
});
