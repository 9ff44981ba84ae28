import { describe, expect, it } from 'vitest';
import { brandOf, checkCardNumber, cvcValid, isracardValid, israeliIdValid, luhnValid } from './card-checks';

describe('card checks', () => {
  it('Luhn: the test cards pass, one changed digit fails', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it("Isracard's local numbers: weights 9..1, divisible by 11", () => {
    expect(isracardValid('12345679')).toBe(true);
    expect(isracardValid('012345679')).toBe(true);
    expect(isracardValid('12345678')).toBe(false);
    expect(isracardValid('1234567')).toBe(false);
  });

  it('a number is checked by its kind, and its brand told by its leading digits', () => {
    expect(checkCardNumber('12345679')).toEqual({ brand: 'isracard', valid: true });
    expect(checkCardNumber('378282246310005')).toEqual({ brand: 'amex', valid: true });
    expect(checkCardNumber('4242')).toEqual({ brand: 'visa', valid: false });
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('9999')).toBe('unknown');
  });

  it('the security code has four digits on American Express, three on the rest', () => {
    expect(cvcValid('1234', 'amex')).toBe(true);
    expect(cvcValid('123', 'amex')).toBe(false);
    expect(cvcValid('123', 'visa')).toBe(true);
    expect(cvcValid('12a', 'visa')).toBe(false);
  });

  it('Israeli ID numbers: the check digit, short numbers padded, all zeros refused', () => {
    expect(israeliIdValid('000000018')).toBe(true);
    expect(israeliIdValid('18')).toBe(false);
    expect(israeliIdValid('12345')).toBe(false);
    expect(israeliIdValid('516179157')).toBe(true);
    expect(israeliIdValid('516179158')).toBe(false);
    expect(israeliIdValid('000000000')).toBe(false);
  });
});
