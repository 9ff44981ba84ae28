import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { CHECKOUT } from '../checkout.tokens';
import { ExpireCheckoutSession } from './expire-checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';

/** The safety net behind each session's own expiry job: expires every pending session whose time is up. */
@injectable()
export class ExpireDueSessions {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(ExpireCheckoutSession) private readonly expire: ExpireCheckoutSession,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(batchSize = 500): Promise<number> {
    let expired = 0;
    for (;;) {
      const ids = await this.sessions.dueIds(this.clock.now(), batchSize);
      for (const id of ids) if (await this.expire.execute(id)) expired++;
      if (ids.length < batchSize) return expired;
    }
  }
}
