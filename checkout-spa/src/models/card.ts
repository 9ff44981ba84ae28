/**
 * What the page checks before it sends a card to tokenization, so the shopper hears of a typo next to the
 * field and not from the processor. The processor checks again; these rules mirror its own.
 */
export type Brand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'jcb' | 'isracard' | 'unknown';

export const BRAND_NAMES: Record<Brand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'Amex',
  diners: 'Diners',
  discover: 'Discover',
  jcb: 'JCB',
  isracard: 'Isracard',
  unknown: '',
};

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function brandOf(digits: string): Brand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  return 'unknown';
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Isracard's local 8–9 digit numbers: weights 9..1 over the number padded to 9 digits, sum divisible by 11. */
export function isracardValid(digits: string): boolean {
  if (!/^\d{8,9}$/.test(digits)) return false;
  const padded = digits.padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(padded[i]) * (9 - i);
  return sum % 11 === 0;
}

/** An Israeli ID number (ת.ז.) with its check digit. */
export function israeliIdValid(id: string): boolean {
  if (!/^\d{5,9}$/.test(id)) return false;
  const padded = id.padStart(9, '0');
  if (padded === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(padded[i]) * ((i % 2) + 1);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}

export interface CheckedNumber {
  digits: string;
  brand: Brand;
  valid: boolean;
}

export function checkNumber(value: string): CheckedNumber {
  const digits = digitsOf(value);
  if (isracardValid(digits)) return { digits, brand: 'isracard', valid: true };
  return { digits, brand: brandOf(digits), valid: /^\d{12,19}$/.test(digits) && luhnValid(digits) };
}

/** Groups the digits as the card shows them: 4-6-5 for American Express, fours otherwise. */
export function formatNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19);
  const groups = brandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** `0829`, `08/29`, `8/29` → `08/29` as typed; a slash appears after the month. */
export function formatExpiry(value: string, previous: string): string {
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the slash deletes the month's last digit too, as people expect.
  if (previous.endsWith('/') && value === previous.slice(0, -1)) return digits.slice(0, 1);
  return digits.length >= 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export type ExpiryCheck = { ok: true; month: number; year: number } | { ok: false; reason: 'required' | 'invalid' | 'expired' };

export function checkExpiry(value: string, now: Date): ExpiryCheck {
  const digits = digitsOf(value);
  if (digits.length === 0) return { ok: false, reason: 'required' };
  if (digits.length !== 4) return { ok: false, reason: 'invalid' };
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  if (month < 1 || month > 12) return { ok: false, reason: 'invalid' };
  if (Date.UTC(year, month, 1) <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, month, year };
}

export function cvcValid(cvc: string, brand: Brand): boolean {
  return (brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc);
}
