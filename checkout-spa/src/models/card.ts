/**
 * What the page checks before it sends a card to tokenization, so the shopper hears of a typo next to the
 * field and not from the processor. The rules are the service's own (`@kupa/sdk/card-checks`).
 */
import { brandOf, type CardBrand, checkCardNumber } from '@kupa/sdk/card-checks';
import { RequestError } from './api';

export { cvcValid, israeliIdValid } from '@kupa/sdk/card-checks';
export type Brand = CardBrand;

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

export interface CheckedNumber {
  digits: string;
  brand: Brand;
  valid: boolean;
}

export function checkNumber(value: string): CheckedNumber {
  const digits = digitsOf(value);
  return { digits, ...checkCardNumber(digits) };
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

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  holder_id?: string;
}

/** A field the processor refused, by the name the form uses. */
export type CardField = 'number' | 'expiry' | 'cvc' | 'holder_id';

export class CardRefused extends Error {
  constructor(
    readonly field: CardField,
    readonly code: string,
  ) {
    super(code);
  }
}

const TOKEN_FIELDS: Record<string, CardField> = {
  'card.number': 'number',
  'card.exp_year': 'expiry',
  'card.exp_month': 'expiry',
  'card.cvc': 'cvc',
  'card.holder_id': 'holder_id',
};

/** A refusal of the token endpoint that names a card field, as the form shows it; any other error as it is. */
export function asCardRefused(error: unknown): unknown {
  const field = error instanceof RequestError && error.error.param ? TOKEN_FIELDS[error.error.param] : undefined;
  return field ? new CardRefused(field, (error as RequestError).error.code) : error;
}
