import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { type CheckoutToPrice, type Pricing, PriceCheckout } from '../../discounts';
import type { CheckoutSession } from '../domain/checkout-session';

export interface PricedSession {
  session: CheckoutSession;
  pricing: Pricing;
}

/** A session priced with the discounts that apply now. */
@injectable()
export class SessionPricing {
  constructor(
    @inject(PriceCheckout) private readonly priceCheckout: PriceCheckout,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** What the discounts module prices: the lines, the plan line and the applied codes, at `now`. */
  toPrice(session: CheckoutSession, appliedCodes = session.appliedCodes): CheckoutToPrice {
    return {
      currency: session.currency,
      lines: session.lineItems.map((line) => ({ amount: line.amountAgorot * line.quantity, price: line.price, product: line.product })),
      plan: session.plan && { amount: session.plan.unitAmount, price: session.plan.price, product: session.plan.product },
      appliedCodes,
      now: this.clock.now(),
    };
  }

  price(session: CheckoutSession, appliedCodes = session.appliedCodes): Promise<Pricing> {
    return this.priceCheckout.execute(session, this.toPrice(session, appliedCodes));
  }

  /** Many sessions, priced together (a sweep's events). */
  async priceMany(sessions: CheckoutSession[]): Promise<PricedSession[]> {
    const pricings = await this.priceCheckout.executeMany(sessions.map((session) => ({ scope: session, checkout: this.toPrice(session) })));
    return sessions.map((session, i) => ({ session, pricing: pricings[i] }));
  }
}
