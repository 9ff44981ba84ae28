import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, formatShekels, Money, parseCurrency } from './money';

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

  it('says what it refused: a fraction, a fractional quantity or percent, another currency', () => {
    expect(() => Money.of(10.5, 'ils')).toThrow('Money needs an integer amount, got 10.5');
    expect(() => Money.of(1, 'ils').multiply(1.5)).toThrow('quantity must be an integer, got 1.5');
    expect(() => Money.of(1, 'ils').percent(2.5)).toThrow('percent must be an integer, got 2.5');
    const other = Money.of(1, 'usd' as 'ils');
    expect(() => Money.of(1, 'ils').add(other)).toThrow('currency mismatch: ils and usd');
    expect(() => Money.of(1, 'ils').subtract(other)).toThrow('currency mismatch: ils and usd');
    expect(() => parseCurrency('usd', 'line_items[0].currency')).toThrow(
      expect.objectContaining({ message: "Currency 'usd' is not supported; use one of: ils", param: 'line_items[0].currency' }),
    );
  });

  it('is negative only below zero, and multiplies by negative quantities too', () => {
    expect(Money.of(0, 'ils').isNegative()).toBe(false);
    expect(Money.of(-1, 'ils').isNegative()).toBe(true);
    expect(Money.of(250, 'ils').multiply(-2).amount).toBe(-500);
    expect(Money.of(0, 'ils').percent(50).amount).toBe(0);
    expect(Money.of(-15, 'ils').percent(10).amount).toBe(-2);
  });
});

describe('shekels as text', () => {
  it('formats agorot as ₪ with thousands grouped and two decimals, the sign first', () => {
    expect(formatShekels(0)).toBe('₪0.00');
    expect(formatShekels(5)).toBe('₪0.05');
    expect(formatShekels(123_456_789)).toBe('₪1,234,567.89');
    expect(formatShekels(100_000)).toBe('₪1,000.00');
    expect(formatShekels(99_999)).toBe('₪999.99');
    expect(formatShekels(-1_234_550)).toBe('-₪12,345.50');
  });

  it('formats agorot as a plain decimal for spreadsheets: no symbol, no grouping', () => {
    expect(formatDecimal(0)).toBe('0.00');
    expect(formatDecimal(123_456_789)).toBe('1234567.89');
    expect(formatDecimal(-1_180)).toBe('-11.80');
    expect(formatDecimal(7)).toBe('0.07');
  });
});
