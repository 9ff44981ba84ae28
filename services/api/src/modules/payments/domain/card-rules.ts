import { ValidationError } from '../../../shared/domain/domain-error';
import { checkCardNumber, cvcValid, israeliIdValid } from '@kupa/sdk/card-checks';
import type { CardDetails } from './card';

/**
 * The checks any processor makes before it tokenizes: number (Luhn for international brands, the local
 * check digit for Isracard's 8–9 digit numbers), expiry, security code, and the holder's ID number if given.
 */
export function checkCard(
  card: { number: string; expMonth: number; expYear: number; cvc: string; holderId?: string },
  now: Date,
): { digits: string; brand: CardDetails['brand'] } {
  const digits = card.number.replace(/\s+/g, '');
  const { brand, valid } = checkCardNumber(digits);
  if (!valid) throw new ValidationError('card_number_invalid', 'The card number is not valid', 'card.number');
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) throw new ValidationError('card_expired', 'The card has expired', 'card.exp_year');
  if (!cvcValid(card.cvc, brand)) {
    throw new ValidationError('cvc_invalid', 'The security code is not valid', 'card.cvc');
  }
  if (card.holderId !== undefined && !israeliIdValid(card.holderId)) {
    throw new ValidationError('holder_id_invalid', 'The ID number is not valid', 'card.holder_id');
  }
  return { digits, brand };
}
