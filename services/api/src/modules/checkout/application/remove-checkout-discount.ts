import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import type { DiscountSummary } from '../../discounts';
import { CHECKOUT } from '../checkout.tokens';
import { loadPendingSession } from './apply-checkout-discount';
import { ExpireCheckoutSession } from './expire-checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from './session-view';

/** Unlinks every rule under the code. Automatic discounts cannot be removed: they stay while they match. */
@injectable()
export class RemoveCheckoutDiscount {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(ExpireCheckoutSession) private readonly expire: ExpireCheckoutSession,
    @inject(SessionView) private readonly view: SessionView,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, code: string): Promise<DiscountSummary> {
    const session = await loadPendingSession(this.sessions, this.expire, sessionId, this.clock.now());
    const key = code.trim().toLowerCase();
    await this.sessions.removeCode(session.id, key);
    const pricing = await this.view.price(session, session.appliedCodes.filter((applied) => applied !== key));
    return pricing.summary;
  }
}
