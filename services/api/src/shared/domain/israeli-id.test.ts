import { describe, expect, it } from 'vitest';
import { businessNumberValid, israeliIdValid } from './israeli-id';

describe('Israeli identity and business numbers', () => {
  it('accepts numbers whose check digit is right', () => {
    expect(businessNumberValid('516179157')).toBe(true); // a company (ח.פ. 51…)
    expect(businessNumberValid('000000018')).toBe(true);
    expect(israeliIdValid('123456782')).toBe(true);
    expect(israeliIdValid('18')).toBe(false); // under five digits is not a number anyone holds
  });

  it('refuses a wrong check digit, letters, the wrong length and all zeros', () => {
    expect(businessNumberValid('516179158')).toBe(false);
    expect(businessNumberValid('123456789')).toBe(false);
    expect(businessNumberValid('51617915')).toBe(false);
    expect(businessNumberValid('5161791570')).toBe(false);
    expect(businessNumberValid('51617915a')).toBe(false);
    expect(businessNumberValid('000000000')).toBe(false);
  });
});
