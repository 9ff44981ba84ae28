import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { EvaluateCouponCode } from '../../discounts';
import type { DiscountSummary } from '../../discounts';
import { type CheckoutSession, CheckoutSessionNotFound, FAILED_CODES, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import { ExpireCheckoutSession } from './expire-checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from './session-view';

/** Loads a session for the public endpoints, recording its expiry first if its time is up. */
export async function loadPendingSession(
  sessions: CheckoutSessionRepository,
  expire: ExpireCheckoutSession,
  id: string,
  now: Date,
): Promise<CheckoutSession> {
  const session = await sessions.findByIdUnscoped(sessionIdFromPath(id));
  if (!session) throw new CheckoutSessionNotFound(id);
  if (session.isDue(now)) await expire.execute(session.id);
  session.assertPending(now);
  return session;
}

/** The shopper adds a code on the hosted page (public, keyed by the session id). */
@injectable()
export class ApplyCheckoutDiscount {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(EvaluateCouponCode) private readonly evaluate: EvaluateCouponCode,
    @inject(ExpireCheckoutSession) private readonly expire: ExpireCheckoutSession,
    @inject(SessionView) private readonly view: SessionView,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, code: string): Promise<DiscountSummary> {
    const now = this.clock.now();
    const session = await loadPendingSession(this.sessions, this.expire, sessionId, now);
    session.assertMayTryCode(now);
    try {
      const pricing = await this.evaluate.execute(session, code, this.view.toPrice(session));
      await this.sessions.addCode(session.id, code.trim().toLowerCase());
      return pricing.summary;
    } catch (error) {
      if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'invalid')) {
        await this.sessions.recordFailedCode(session.id, now, FAILED_CODES.windowMs);
      }
      throw error;
    }
  }
}
