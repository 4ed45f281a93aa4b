import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audText, wholeNumberText } from './number-text.ts';

const intlAud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

describe('wholeNumberText', () => {
  it('groups thousands as en-AU does', () => {
    expect(wholeNumberText(0)).toBe('0');
    expect(wholeNumberText(999)).toBe('999');
    expect(wholeNumberText(1000)).toBe('1,000');
    expect(wholeNumberText(100_000)).toBe('100,000');
    expect(wholeNumberText(-1_234_567)).toBe('-1,234,567');
  });

  it('is the text Intl writes for any safe whole number', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(wholeNumberText(n)).toBe(n.toLocaleString('en-AU'));
      }),
    );
  });
});

describe('audText', () => {
  it('writes dollars to the cent', () => {
    expect(audText(4.5)).toBe('$4.50');
    expect(audText(0)).toBe('$0.00');
    expect(audText(0.07)).toBe('$0.07');
    expect(audText(1234.5)).toBe('$1,234.50');
    expect(audText(-4.5)).toBe('-$4.50');
  });

  it('rounds the decimal the number reads as, not its binary value', () => {
    expect(audText(1.005)).toBe('$1.01');
    expect(audText(2.675)).toBe('$2.68');
    expect(audText(0.004)).toBe('$0.00');
    expect(audText(-0.001)).toBe('-$0.00');
  });

  it('is the text Intl writes for any amount a price or total can be', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (dollars) => {
        expect(audText(dollars)).toBe(intlAud.format(dollars));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 999 }),
        (whole, milli) => {
          const dollars = whole + Math.sign(whole || 1) * (milli / 1000);
          expect(audText(dollars)).toBe(intlAud.format(dollars));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('leaves what no price is to Intl', () => {
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, -1e20, 1e300])
      expect(audText(x)).toBe(intlAud.format(x));
  });
});
