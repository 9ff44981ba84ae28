import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { AnswerPaymentChallenge } from '../../payments';
import { CheckoutPlanChanges } from '../../subscriptions';
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
    @inject(CheckoutPlanChanges) private readonly planChanges: CheckoutPlanChanges,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(sessionId: string, challengeId: string, answer: 'authenticated' | 'failed'): Promise<ConfirmOutcome> {
    // A repeated answer after the payment completed (the reconciler, or another request, finished it)
    // answers as the first did, as a repeated confirm does.
    const found = await this.sessions.findByIdUnscoped(sessionIdFromPath(sessionId));
    if (found?.status === 'completed') return paid(found);
    const session = await this.loadPending.execute(sessionId);
    const pricing = await this.sessionPricing.price(session);
    const ticket = await this.uow.run(async () => {
      const answered = await this.answerChallenge.execute(session.id, challengeId, answer);
      // The payment goes to the processor again: a plan change's subscription is checked and held again.
      if (answered.fresh && session.planChange)
        await this.planChanges.hold(session.planChange.subscriptionId, session.planChange.change, answered.attemptId);
      return answered;
    });
    return this.settle.execute(session, pricing, ticket);
  }
}
