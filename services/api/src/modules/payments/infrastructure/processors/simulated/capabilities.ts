import type { ProcessorCapabilities } from '../../../application/ports/card-processor';

/** The test-mode processor offers everything the checkout page can show, so every flow can be tried. */
export const SIMULATED_CAPABILITIES: ProcessorCapabilities = {
  holdWindowMs: 7 * 24 * 60 * 60 * 1000,
  partialCapture: true,
  installments: { kinds: ['payments'], max: 12 },
  threeDSecure: true,
  wallets: ['apple_pay', 'google_pay', 'bit'],
  amountUnit: 'agorot',
  cardCollection: { type: 'server' },
  bitPage: null,
};
