import { inject, injectable } from 'inversify';
import { normalizeCode } from '../../../shared/domain/coupon-code';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { EvaluateCouponCode } from '../../discounts';
import type { DiscountSummary } from '../../discounts';
import { FAILED_CODES } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import { LoadPendingSession } from './load-pending-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from './session-view';

/** The shopper adds a code on the hosted page (public, keyed by the session id). */
@injectable()
export class ApplyCheckoutDiscount {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(EvaluateCouponCode) private readonly evaluate: EvaluateCouponCode,
    @inject(LoadPendingSession) private readonly loadPending: LoadPendingSession,
    @inject(SessionView) private readonly view: SessionView,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, code: string): Promise<DiscountSummary> {
    const now = this.clock.now();
    const session = await this.loadPending.execute(sessionId);
    session.assertMayTryCode(now);
    try {
      const pricing = await this.evaluate.execute(session, code, this.view.toPrice(session));
      await this.sessions.addCode(session.id, normalizeCode(code));
      return pricing.summary;
    } catch (error) {
      if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'invalid')) {
        await this.sessions.recordFailedCode(session.id, now, FAILED_CODES.windowMs);
      }
      throw error;
    }
  }
}
