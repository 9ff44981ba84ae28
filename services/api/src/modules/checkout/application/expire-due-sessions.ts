import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { CustomerClock, TestClockSweep } from '../../../shared/domain/customer-clock';
import { inLanes } from '../../../shared/domain/in-lanes';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { ListCustomersOnClock } from '../../customers';
import { CHECKOUT } from '../checkout.tokens';
import { ExpireCheckoutSession } from './expire-checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';

/** Sessions expired at once: each is its own short transaction. */
const SWEEP_LANES = 8;

/**
 * The safety net behind each session's own expiry job: expires every pending session whose time is up.
 * With `testClock`, only that clock's customers' sessions, on its time.
 */
@injectable()
export class ExpireDueSessions {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(ExpireCheckoutSession) private readonly expire: ExpireCheckoutSession,
    @inject(ListCustomersOnClock) private readonly customersOnClock: ListCustomersOnClock,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(testClock: TestClockSweep | null = null, batchSize = 500): Promise<number> {
    const customers = testClock ? await this.customersOnClock.execute(testClock.testClockId) : undefined;
    let expired = 0;
    for (;;) {
      const now = testClock ? (await this.customerClock.now(testClock.scope, testClock)).now : this.clock.now();
      const ids = await this.sessions.dueIds(now, batchSize, customers);
      const before = expired;
      await inLanes(ids, SWEEP_LANES, async (id) => {
        if (await this.expire.execute(id, now)) expired++;
      });
      // A batch of sessions all waiting for a payment in flight would come back unchanged.
      if (ids.length < batchSize || expired === before) return expired;
    }
  }
}
