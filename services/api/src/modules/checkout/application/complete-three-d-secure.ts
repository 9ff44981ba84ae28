import { inject, injectable } from 'inversify';
import { AnswerPaymentChallenge } from '../../payments';
import { CHECKOUT } from '../checkout.tokens';
import { sessionIdFromPath } from '../domain/checkout-session';
import { LoadPendingSession } from './load-pending-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionPricing } from './session-pricing';
import type { ConfirmOutcome } from './results';
import { paid, SettleCheckoutPayment } from './settle-checkout-payment';

/**
 * The shopper's answer to the bank's 3-D Secure challenge: committed to the attempt, then settled as a
 * confirm is; answers as confirm does, a repeat after the payment completed included.
 */
@injectable()
export class CompleteThreeDSecure {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(LoadPendingSession) private readonly loadPending: LoadPendingSession,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
    @inject(AnswerPaymentChallenge) private readonly answerChallenge: AnswerPaymentChallenge,
    @inject(SettleCheckoutPayment) private readonly settle: SettleCheckoutPayment,
  ) {}

  async execute(sessionId: string, challengeId: string, answer: 'authenticated' | 'failed'): Promise<ConfirmOutcome> {
    // A repeated answer after the payment completed (the reconciler, or another request, finished it)
    // answers as the first did, as a repeated confirm does.
    const found = await this.sessions.findByIdUnscoped(sessionIdFromPath(sessionId));
    if (found?.status === 'completed') return paid(found);
    const session = await this.loadPending.execute(sessionId);
    const pricing = await this.sessionPricing.price(session);
    const ticket = await this.answerChallenge.execute(session.id, challengeId, answer);
    return this.settle.execute(session, pricing, ticket);
  }
}
