import { inject, injectable } from 'inversify';
import { normalizeCode } from '../../../shared/domain/coupon-code';
import type { Pricing } from '../../discounts';
import { CHECKOUT } from '../checkout.tokens';
import { LoadPendingSession } from './load-pending-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionPricing } from './session-pricing';

/** Unlinks every rule under the code. Automatic discounts cannot be removed: they stay while they match. */
@injectable()
export class RemoveCheckoutDiscount {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(LoadPendingSession) private readonly loadPending: LoadPendingSession,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
  ) {}

  async execute(sessionId: string, code: string): Promise<Pricing> {
    const session = await this.loadPending.execute(sessionId);
    const key = normalizeCode(code);
    await this.sessions.removeCode(session.id, key);
    const pricing = await this.sessionPricing.price(
      session,
      session.appliedCodes.filter((applied) => applied !== key),
    );
    return pricing;
  }
}
