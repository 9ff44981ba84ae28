import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { CustomerClock, TestClockSweep } from '../../../shared/domain/customer-clock';
import { inLanesUntilDone } from '../../../shared/domain/in-lanes';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { ListCustomersOnClock } from '../../customers';
import { ExpireCheckoutSession } from './expire-checkout-session';

/** Batches expired at once: one's statements overlap another's rendering and events. */
const SWEEP_LANES = 2;

/**
 * The safety net behind each session's own expiry job: expires every pending session whose time is up.
 * With `testClock`, only that clock's customers' sessions, on its time.
 */
@injectable()
export class ExpireDueSessions {
  constructor(
    @inject(ExpireCheckoutSession) private readonly expire: ExpireCheckoutSession,
    @inject(ListCustomersOnClock) private readonly customersOnClock: ListCustomersOnClock,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(testClock: TestClockSweep | null = null, batchSize = 500): Promise<number> {
    const customers = testClock ? await this.customersOnClock.execute(testClock.testClockId) : undefined;
    let expired = 0;
    await inLanesUntilDone(SWEEP_LANES, async () => {
      const now = testClock ? (await this.customerClock.now(testClock.scope, testClock)).now : this.clock.now();
      const batch = await this.expire.due(now, batchSize, customers);
      expired += batch.expired;
      // A batch of sessions all waiting for a payment in flight would come back unchanged.
      return batch.found === batchSize && batch.expired > 0;
    });
    return expired;
  }
}
