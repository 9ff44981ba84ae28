import { ValidationError } from '../../../shared/domain/domain-error';
import type { CardDetails } from './card';

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

export function brandOf(digits: string): CardDetails['brand'] {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  return 'unknown';
}

/** The checks any processor makes before it tokenizes: number, expiry and security code. */
export function checkCard(card: { number: string; expMonth: number; expYear: number; cvc: string }, now: Date): { digits: string; brand: CardDetails['brand'] } {
  const digits = card.number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    throw new ValidationError('card_number_invalid', 'The card number is not valid', 'card.number');
  }
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) throw new ValidationError('card_expired', 'The card has expired', 'card.exp_year');
  const brand = brandOf(digits);
  if (!new RegExp(brand === 'amex' ? '^\\d{4}$' : '^\\d{3}$').test(card.cvc)) {
    throw new ValidationError('cvc_invalid', 'The security code is not valid', 'card.cvc');
  }
  return { digits, brand };
}
