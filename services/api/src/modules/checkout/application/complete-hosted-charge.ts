import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../shared/domain/domain-error';
import { AttemptsInFlight, type HostedReport } from '../../payments';
import { CHECKOUT } from '../checkout.tokens';
import { CheckoutSessionNotFound, sessionIdFromPath } from '../domain/checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import type { ConfirmOutcome } from './results';
import { SessionPricing } from './session-pricing';
import { paid, SettleCheckoutPayment } from './settle-checkout-payment';

/**
 * The page's report of what the processor's own card fields did with a payment (public, keyed by the
 * session id and the payment's `challenge_id`). The report is only a pointer: the payment is read back
 * from the processor and recorded as a confirm's is (`hosted_report_refused`, and nothing recorded, if
 * the transaction is not this payment's). A repeat answers as the first did. A report that never comes
 * is not needed: the reconciler finds the payment by its key.
 */
@injectable()
export class CompleteHostedCharge {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
    @inject(AttemptsInFlight) private readonly inFlight: AttemptsInFlight,
    @inject(SettleCheckoutPayment) private readonly settle: SettleCheckoutPayment,
  ) {}

  async execute(sessionId: string, challengeId: string, report: HostedReport): Promise<ConfirmOutcome> {
    const session = await this.sessions.findByIdUnscoped(sessionIdFromPath(sessionId));
    if (!session) throw new CheckoutSessionNotFound(sessionId);
    if (session.status === 'completed') return paid(session);
    // Even past the session's time: a payment made in time is recorded, as the reconciler would.
    const attempt = await this.inFlight.hostedOf(session.id, challengeId);
    if (!attempt)
      throw new ValidationError(
        'challenge_not_found',
        "No payment of this checkout is made in the processor's fields under this id",
        'challenge_id',
      );
    const pricing = await this.sessionPricing.price(session);
    return this.settle.execute(session, pricing, { attemptId: attempt.id, fresh: true, attempt }, report);
  }
}
