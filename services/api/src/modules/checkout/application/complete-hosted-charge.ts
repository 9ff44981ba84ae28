import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../shared/domain/domain-error';
import { AttemptsInFlight, CheckCardInFields, failureMessage, type HostedReport, RefundLatePayment } from '../../payments';
import { CHECKOUT } from '../checkout.tokens';
import { type CheckoutSession, CheckoutSessionNotFound, SessionNotPending, sessionIdFromPath } from '../domain/checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import type { ConfirmOutcome } from './results';
import { SessionPricing } from './session-pricing';
import { paid, SettleCheckoutPayment } from './settle-checkout-payment';
import { StartFreeCheckout } from './start-free-checkout';

/** What a report or notification came to: the shopper's outcome, and whether a late Bit payment was refunded. */
export interface HostedCompletion {
  outcome: ConfirmOutcome;
  refundedLate: boolean;
}

/**
 * The page's report of what the processor's own card fields or Bit page did with a payment, or the
 * processor's notification of a Bit payment (public, keyed by the session id and the payment's
 * `challenge_id`). Either is only a pointer: the payment is read back from the processor and recorded as
 * a confirm's is (`hosted_report_refused`, and nothing recorded, if the transaction is not this
 * payment's). A Bit payment is always searched by its key, and stays awaited while Bit has not recorded
 * it; one approved after its attempt ended unpaid is refunded. A repeat answers as the first did. A
 * report that never comes is not needed: the reconciler finds the payment by its key.
 */
@injectable()
export class CompleteHostedCharge {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
    @inject(AttemptsInFlight) private readonly inFlight: AttemptsInFlight,
    @inject(SettleCheckoutPayment) private readonly settle: SettleCheckoutPayment,
    @inject(RefundLatePayment) private readonly refundLate: RefundLatePayment,
    @inject(CheckCardInFields) private readonly checkCard: CheckCardInFields,
    @inject(StartFreeCheckout) private readonly startFree: StartFreeCheckout,
  ) {}

  /** `report`: the page's (null: the processor's notification, or nothing to add). */
  async execute(sessionId: string, challengeId: string, report: HostedReport | null): Promise<HostedCompletion> {
    const session = await this.sessions.findByIdUnscoped(sessionIdFromPath(sessionId));
    if (!session) throw new CheckoutSessionNotFound(sessionId);
    if (CheckCardInFields.names(challengeId))
      return { outcome: await this.savedByCheck(session, challengeId, report), refundedLate: false };
    const attempt = await this.inFlight.hostedAttempt(session.id, challengeId);
    if (!attempt)
      throw new ValidationError(
        'challenge_not_found',
        "No payment of this checkout is made in the processor's fields or Bit page under this id",
        'challenge_id',
      );
    const refundedLate = await this.refundLate.execute(attempt);
    if (session.status === 'completed') return { outcome: paid(session), refundedLate };
    // Even past the session's time: a payment made in time is recorded, as the reconciler would.
    const pricing = await this.sessionPricing.price(session);
    const bit = attempt.replay().source.type === 'bit_page';
    const outcome = await this.settle.execute(session, pricing, { attemptId: attempt.id, fresh: true, attempt }, bit ? null : report);
    return { outcome, refundedLate };
  }

  /**
   * A free start's card, checked in the processor's fields: saved from the check, then the session completes
   * with the subscription on it. A repeat answers as the first did.
   */
  private async savedByCheck(session: CheckoutSession, challengeId: string, report: HostedReport | null): Promise<ConfirmOutcome> {
    if (session.status === 'completed') return paid(session);
    if (session.status !== 'pending') throw new SessionNotPending(session.id);
    if (report === null) throw new ValidationError('challenge_not_found', 'A card check is reported by the page only', 'challenge_id');
    const scope = { accountId: session.accountId, livemode: session.livemode };
    const saved = await this.checkCard.complete(scope, session.customerId, session.id, challengeId, report);
    if (saved === 'declined')
      return { status: 'failed', failure: { code: 'card_declined', message: failureMessage('card_declined', session.language()) } };
    const current = (await this.sessions.findByIdUnscoped(session.id))!;
    if (current.status !== 'completed') await this.startFree.execute(current, await this.sessionPricing.price(current), saved.id);
    return paid(current);
  }
}
