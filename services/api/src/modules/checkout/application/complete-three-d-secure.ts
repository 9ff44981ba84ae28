import { inject, injectable } from 'inversify';
import { AnswerPaymentChallenge } from '../../payments';
import { LoadPendingSession } from './load-pending-session';
import { SessionPricing } from './session-pricing';
import type { ConfirmOutcome } from './results';
import { SettleCheckoutPayment } from './settle-checkout-payment';

/**
 * The shopper's answer to the bank's 3-D Secure challenge: committed to the attempt, then settled as a
 * confirm is; answers as confirm does.
 */
@injectable()
export class CompleteThreeDSecure {
  constructor(
    @inject(LoadPendingSession) private readonly loadPending: LoadPendingSession,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
    @inject(AnswerPaymentChallenge) private readonly answerChallenge: AnswerPaymentChallenge,
    @inject(SettleCheckoutPayment) private readonly settle: SettleCheckoutPayment,
  ) {}

  async execute(sessionId: string, challengeId: string, answer: 'authenticated' | 'failed'): Promise<ConfirmOutcome> {
    const session = await this.loadPending.execute(sessionId);
    const pricing = await this.sessionPricing.price(session);
    const ticket = await this.answerChallenge.execute(session.id, challengeId, answer);
    return this.settle.execute(session, pricing, ticket);
  }
}
