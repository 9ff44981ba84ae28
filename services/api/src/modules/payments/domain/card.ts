/** What may be known and shown of a card: never its number or security code. */
export interface CardDetails {
  brand: 'visa' | 'mastercard' | 'amex' | 'diners' | 'isracard' | 'discover' | 'jcb' | 'unknown';
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
}

/** What a processor's own card fields showed the shopper of the card: for the receipt, never for the money. */
export type ShownCard = Pick<CardDetails, 'brand' | 'last4'>;

const BRANDS: Record<string, CardDetails['brand']> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american express': 'amex',
  amex: 'amex',
  diners: 'diners',
  isracard: 'isracard',
  jcb: 'jcb',
  discover: 'discover',
};

/** A brand as processors and their card fields name it ("Visa", "American Express"); `unknown` for any other. */
export function brandNamed(name: string): CardDetails['brand'] {
  return BRANDS[name.trim().toLowerCase()] ?? 'unknown';
}
