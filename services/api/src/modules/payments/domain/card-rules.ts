import { ValidationError } from '../../../shared/domain/domain-error';
import { israeliIdValid } from '../../../shared/domain/israeli-id';
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

/** Isracard's local numbers (8 or 9 digits): weights 9..1 over the number padded to 9 digits, sum divisible by 11. */
export function isracardValid(digits: string): boolean {
  if (!/^\d{8,9}$/.test(digits)) return false;
  const padded = digits.padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(padded[i]) * (9 - i);
  return sum % 11 === 0;
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

/**
 * The checks any processor makes before it tokenizes: number (Luhn for international brands, the local
 * check digit for Isracard's 8–9 digit numbers), expiry, security code, and the holder's ID number if given.
 */
export function checkCard(
  card: { number: string; expMonth: number; expYear: number; cvc: string; holderId?: string },
  now: Date,
): { digits: string; brand: CardDetails['brand'] } {
  const digits = card.number.replace(/\s+/g, '');
  const local = isracardValid(digits);
  if (!local && (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))) {
    throw new ValidationError('card_number_invalid', 'The card number is not valid', 'card.number');
  }
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) throw new ValidationError('card_expired', 'The card has expired', 'card.exp_year');
  const brand = local ? 'isracard' : brandOf(digits);
  if (!new RegExp(brand === 'amex' ? '^\\d{4}$' : '^\\d{3}$').test(card.cvc)) {
    throw new ValidationError('cvc_invalid', 'The security code is not valid', 'card.cvc');
  }
  if (card.holderId !== undefined && !israeliIdValid(card.holderId)) {
    throw new ValidationError('holder_id_invalid', 'The ID number is not valid', 'card.holder_id');
  }
  return { digits, brand };
}
