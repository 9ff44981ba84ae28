import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { SessionStatus } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { type PricedSession, SessionPricing } from './session-pricing';

@injectable()
export class ListCheckoutSessions {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
  ) {}

  async execute(scope: Scope, filter: { customer?: string; status?: SessionStatus }, page: PageRequest): Promise<Page<PricedSession>> {
    const found = await this.sessions.list(scope, filter, page);
    return {
      items: await Promise.all(found.items.map(async (session) => ({ session, pricing: await this.sessionPricing.price(session) }))),
      hasMore: found.hasMore,
    };
  }
}
