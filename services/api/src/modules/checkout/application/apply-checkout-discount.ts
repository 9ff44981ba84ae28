import { inject, injectable } from 'inversify';
import { normalizeCode } from '../../../shared/domain/coupon-code';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError, RateLimited } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { EvaluateCouponCode } from '../../discounts';
import type { Pricing } from '../../discounts';
import { FAILED_CODES } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import { LoadPendingSession } from './load-pending-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionPricing } from './session-pricing';

/**
 * The shopper adds a code on the hosted page (public, keyed by the session id). Ten codes that do not
 * work per session per 15 minutes, counted before the code is looked at, so parallel guesses cannot
 * exceed them; then 429 `rate_limited` with `Retry-After`.
 */
@injectable()
export class ApplyCheckoutDiscount {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(EvaluateCouponCode) private readonly evaluate: EvaluateCouponCode,
    @inject(LoadPendingSession) private readonly loadPending: LoadPendingSession,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, code: string): Promise<Pricing> {
    const now = this.clock.now();
    const session = await this.loadPending.execute(sessionId);
    const full = await this.sessions.takeCodeTry(session.id, now, FAILED_CODES.limit, FAILED_CODES.windowMs);
    if (full) {
      // The window may have been opened by a concurrent request whose clock read came a moment after ours.
      const wait = Math.min(FAILED_CODES.windowMs, full.getTime() + FAILED_CODES.windowMs - now.getTime()) / 1000;
      throw new RateLimited(`Too many codes that did not work; try again in ${Math.ceil(wait / 60)} minutes`, wait);
    }
    try {
      const pricing = await this.evaluate.execute(session, code, this.sessionPricing.toPrice(session));
      await this.sessions.addCode(session.id, normalizeCode(code));
      await this.sessions.giveBackCodeTry(session.id);
      return pricing;
    } catch (error) {
      // A code that does not work keeps its try counted; anything else (our failure) gives it back.
      if (!(error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'invalid')))
        await this.sessions.giveBackCodeTry(session.id);
      throw error;
    }
  }
}
