import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money, parseCurrency } from './money';

describe('Money', () => {
  it('adds, subtracts and multiplies in agorot', () => {
    const price = Money.of(1990, 'ils');
    expect(price.multiply(3).amount).toBe(5970);
    expect(price.add(Money.of(10, 'ils')).amount).toBe(2000);
    expect(price.subtract(Money.of(2000, 'ils')).isNegative()).toBe(true);
  });

  it('refuses fractions of an agora', () => {
    expect(() => Money.of(10.5, 'ils')).toThrow(RangeError);
    expect(() => Money.of(Number.NaN, 'ils')).toThrow(RangeError);
  });

  it('rounds percentages half up to the agora', () => {
    expect(Money.of(999, 'ils').percent(10).amount).toBe(100); // 99.9
    expect(Money.of(5, 'ils').percent(10).amount).toBe(1); // 0.5 rounds up
    expect(Money.of(4, 'ils').percent(10).amount).toBe(0); // 0.4 rounds down
    expect(Money.of(-5, 'ils').percent(10).amount).toBe(-1); // symmetric for discount lines
  });

  it('never leaves integers and never exceeds the whole, for any amount and percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, percent) => {
        const part = Money.of(amount, 'ils').percent(percent).amount;
        expect(Number.isSafeInteger(part)).toBe(true);
        expect(part).toBeGreaterThanOrEqual(0);
        expect(part).toBeLessThanOrEqual(amount);
        expect(Math.abs(part * 100 - amount * percent)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it('accepts ils in any case and rejects other currencies with a coded error', () => {
    expect(parseCurrency('ILS')).toBe('ils');
    expect(() => parseCurrency('usd')).toThrow(expect.objectContaining({ code: 'currency_not_supported', param: 'currency' }));
  });
});
