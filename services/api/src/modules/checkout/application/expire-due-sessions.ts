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

  /** `customers` and `now`: a test clock's customers, on its time. */
  async execute(options: { now?: Date; customers?: string[] } = {}, batchSize = 500): Promise<number> {
    let expired = 0;
    for (;;) {
      const now = options.now ?? this.clock.now();
      const ids = await this.sessions.dueIds(now, batchSize, options.customers);
      for (const id of ids) if (await this.expire.execute(id, now)) expired++;
      if (ids.length < batchSize) return expired;
    }
  }
}
