import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { CheckoutSessionNotFound, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { type PricedSession, SessionPricing } from './session-pricing';

@injectable()
export class GetCheckoutSession {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
  ) {}

  async execute(scope: Scope, id: string): Promise<PricedSession> {
    const session = await this.sessions.findById(scope, sessionIdFromPath(id));
    if (!session) throw new CheckoutSessionNotFound(id);
    return { session, pricing: await this.sessionPricing.price(session) };
  }
}
