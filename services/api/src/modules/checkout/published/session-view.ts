import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import type { CheckoutSession } from '../domain/checkout-session';
import { CHECKOUT, type CheckoutSettings } from '../checkout.tokens';
import { type PricedSession, SessionPricing } from '../application/session-pricing';
import { checkoutSessionView } from './checkout-session';

/** The contract's shape of a session (`checkoutSessionView`). */
type SessionPayload = ReturnType<typeof checkoutSessionView>;

/** A session as merchants and its events see it: priced now, with its page's address. */
@injectable()
export class SessionView {
  constructor(
    @inject(SessionPricing) private readonly pricing: SessionPricing,
    @inject(CHECKOUT.Settings) private readonly settings: CheckoutSettings,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async render(session: CheckoutSession): Promise<SessionPayload> {
    return this.present({ session, pricing: await this.pricing.price(session) });
  }

  /** Many sessions, priced together (a sweep's events). */
  async renderMany(sessions: CheckoutSession[]): Promise<SessionPayload[]> {
    return (await this.pricing.priceMany(sessions)).map((priced) => this.present(priced));
  }

  present({ session, pricing }: PricedSession): SessionPayload {
    return checkoutSessionView(session, pricing, { checkoutHostUrl: this.settings.checkoutHostUrl, now: this.clock.now() });
  }
}
