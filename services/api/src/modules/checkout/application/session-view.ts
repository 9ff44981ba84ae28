import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { type CheckoutToPrice, type Pricing, PriceCheckout } from '../../discounts';
import type { CheckoutSession } from '../domain/checkout-session';
import { checkoutSessionView } from '../interfaces/http/checkout.mapper';
import { CHECKOUT, type CheckoutSettings } from '../checkout.tokens';

/** The contract's shape of a session (built by the module's mapper). */
type SessionResponse = ReturnType<typeof checkoutSessionView>;

export interface PricedSession {
  session: CheckoutSession;
  pricing: Pricing;
}

/** The session priced with the discounts that apply now, and shown as merchants and events see it. */
@injectable()
export class SessionView {
  constructor(
    @inject(PriceCheckout) private readonly priceCheckout: PriceCheckout,
    @inject(CHECKOUT.Settings) private readonly settings: CheckoutSettings,
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

  async render(session: CheckoutSession, pricing?: Pricing): Promise<SessionResponse> {
    return this.present({ session, pricing: pricing ?? (await this.price(session)) });
  }

  /** Many sessions, priced together (a sweep's events). */
  async renderMany(sessions: CheckoutSession[]): Promise<SessionResponse[]> {
    const pricings = await this.priceCheckout.executeMany(sessions.map((session) => ({ scope: session, checkout: this.toPrice(session) })));
    return sessions.map((session, i) => this.present({ session, pricing: pricings[i] }));
  }

  /** The contract's shape, for responses and the session's events. */
  present({ session, pricing }: PricedSession): SessionResponse {
    return checkoutSessionView(session, pricing, { checkoutHostUrl: this.settings.checkoutHostUrl, now: this.clock.now() });
  }
}
