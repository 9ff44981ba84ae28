import type { ProcessorCapabilities } from '../../../application/ports/card-processor';

/**
 * What a Tranzila terminal does server to server. 3-D Secure and wallets run only inside Tranzila's own
 * hosted fields and iframe, so they are declared absent here: a live checkout that asks for a wallet is
 * refused when it is created, never at payment. Installments are regular payments (payment plan 8), up
 * to 36; the issuer's credit plan (payment plan 6) is Tranzila's too, but nothing in Kupa asks for it
 * yet, so it is not declared. A J5 hold is kept five days.
 */
export const TRANZILA_CAPABILITIES: ProcessorCapabilities = {
  holdWindowMs: 5 * 24 * 60 * 60 * 1000,
  partialCapture: true,
  installments: { kinds: ['payments'], max: 36 },
  threeDSecure: false,
  wallets: [],
  amountUnit: 'shekels',
};
