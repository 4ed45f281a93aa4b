import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeUseBy, stateOfUseBy, USE_SOON_DAYS } from './use-by.ts';

describe('stateOfUseBy and describeUseBy', () => {
  const today = '2026-11-29';
  it('says where a use-by day stands, in days of the calendar', () => {
    expect(
      ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-02', '2026-12-03', null].map((d) =>
        stateOfUseBy(d, today),
      ),
    ).toEqual(['past', 'today', 'soon', 'soon', 'later', null]);
    expect(describeUseBy('2026-11-28', today)).toBe('Past its use-by (Sat 28 Nov)');
    expect(describeUseBy('2026-11-29', today)).toBe('Use today');
    expect(describeUseBy('2026-11-30', today)).toBe('Use by tomorrow');
    expect(describeUseBy('2026-12-04', today)).toBe('Use by Fri 4 Dec');
    expect(describeUseBy('2027-01-01', '2026-12-31')).toBe('Use by tomorrow');
    expect(stateOfUseBy('not a day', today)).toBeNull();
  });
  it('is soon exactly within USE_SOON_DAYS, across months and years (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_000 }), fc.integer({ min: -10, max: 10 }), (start, ahead) => {
        const day = (n: number) => new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
        const state = stateOfUseBy(day(start + ahead), day(start));
        const expected =
          ahead < 0 ? 'past' : ahead === 0 ? 'today' : ahead <= USE_SOON_DAYS ? 'soon' : 'later';
        expect(state).toBe(expected);
      }),
    );
  });
});
