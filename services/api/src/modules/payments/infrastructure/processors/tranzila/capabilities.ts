import type { ProcessorCapabilities } from '../../../application/ports/card-processor';

/**
 * What a Tranzila terminal does. A new card is taken by Tranzila's Hosted Fields, loaded from
 * `hostedFieldsUrl` (`TRANZILA_HOSTED_FIELDS_URL`, the twin's stand-in in development): the card
 * number never reaches Kupa. Bit is paid on Tranzila's own Bit page (the Bit API), which the docs
 * limit to shekels and to more than ₪5, and which takes no installments, J5 or 3-D Secure. 3-D Secure
 * inside the hosted fields, Apple Pay and Google Pay are not documented, so they are declared absent:
 * a live checkout that asks for a wallet token is refused when it is created, never at payment. Installments are regular payments (payment plan 8), up
 * to 36; the issuer's credit plan (payment plan 6) is Tranzila's too, but nothing in Kupa asks for it
 * yet, so it is not declared. A J5 hold is kept five days.
 */
export const tranzilaCapabilities = (hostedFieldsUrl: string): ProcessorCapabilities => ({
  holdWindowMs: 5 * 24 * 60 * 60 * 1000,
  partialCapture: true,
  installments: { kinds: ['payments'], max: 36 },
  threeDSecure: false,
  wallets: [],
  amountUnit: 'shekels',
  cardCollection: { type: 'hosted_fields', scriptUrl: hostedFieldsUrl },
  bitPage: { minimumAmount: 501 },
});
