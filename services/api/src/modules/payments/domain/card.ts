/** What may be known and shown of a card: never its number or security code. */
export interface CardDetails {
  brand: 'visa' | 'mastercard' | 'amex' | 'diners' | 'isracard' | 'discover' | 'jcb' | 'unknown';
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
}
