import type { CardDetails, DeclineCode } from '../../../application/ports/card-processor';

export type Behavior = 'ok' | 'declined' | 'insufficient_funds' | 'challenge' | 'renewal_declines' | 'renewal_stolen';

/** DESIGN's test cards, by number; every other valid card succeeds. */
export const TEST_CARDS: Record<string, Behavior> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'challenge',
  '4000000000000341': 'renewal_declines',
  '4000000000000069': 'renewal_stolen',
};

const card = (last4: string, behavior: Behavior): CardDetails & { behavior: Behavior } => ({
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: 2034,
  fingerprint: `fp_test_${last4}`,
  behavior,
});

/** Ready-made tokens for API calls and tests. */
export const TEST_TOKENS: Record<string, CardDetails & { behavior: Behavior }> = {
  tok_visa: card('4242', 'ok'),
  tok_declined: card('0002', 'declined'),
  tok_renewal_declines: card('0341', 'renewal_declines'),
  tok_renewal_stolen: card('0069', 'renewal_stolen'),
  wallet_tok_visa: card('4242', 'ok'),
};

/**
 * The decline table: how each test card refuses a payment. A declined card is hard (it will not pass
 * later), and so is one reported stolen after it was saved; a card short of funds, or one whose
 * renewals decline, is soft.
 */
export function declineOf(behavior: Behavior, merchantInitiated: boolean): { code: DeclineCode; soft: boolean } | null {
  if (behavior === 'declined') return { code: 'card_declined', soft: false };
  if (behavior === 'insufficient_funds') return { code: 'insufficient_funds', soft: true };
  if (behavior === 'renewal_declines' && merchantInitiated) return { code: 'card_declined', soft: true };
  if (behavior === 'renewal_stolen' && merchantInitiated) return { code: 'card_declined', soft: false };
  return null;
}
