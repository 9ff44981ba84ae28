import type { Schemas } from '../../../../platform/http/contract';
import type { ConfirmOutcome } from '../../application/settle-checkout-payment';

/** What the page is told after a confirm or a 3-D Secure answer. */
export function confirmResult(outcome: ConfirmOutcome): Schemas['ConfirmResult'] {
  if (outcome.status === 'succeeded') return { status: 'succeeded', redirect_url: outcome.redirectUrl };
  if (outcome.status === 'requires_action') return { status: 'requires_action', next_action: { type: 'three_d_secure', challenge_id: outcome.challengeId } };
  return { status: 'failed', failure: outcome.failure };
}
