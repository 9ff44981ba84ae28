import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { CustomerClock, TestClockSweep } from '../../../shared/domain/customer-clock';
import { inLanes } from '../../../shared/domain/in-lanes';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import { AdvanceSubscription } from './advance-subscription';
import type { SubscriptionRepository } from './ports/subscription-repository';

/** Renewals in flight at once, so the processor's latency overlaps. */
export const RENEWAL_CONCURRENCY = 8;
const PAGE = 200;

/**
 * The daily renewal run: every subscription with something due (renewals, retries, trial notices,
 * cancellations at period end), a page at a time shared among lanes so processor latency overlaps.
 * Without `testClock` it runs the subscriptions on real time; with one, that clock's, on its time.
 */
@injectable()
export class RenewDueSubscriptions {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(AdvanceSubscription) private readonly advance: AdvanceSubscription,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(testClock: TestClockSweep | null = null): Promise<number> {
    const now = testClock ? (await this.customerClock.now(testClock.scope, testClock)).now : this.clock.now();
    let steps = 0;
    let after: string | null = null;
    // A subscription that fails stays due for the next run, and holds back none after it: the run goes
    // on, then throws the first failure.
    let failure: { error: unknown } | undefined;
    for (;;) {
      const ids = await this.subscriptions.dueIds(now, testClock?.testClockId ?? null, after, PAGE);
      if (ids.length === 0) {
        if (failure) throw failure.error;
        return steps;
      }
      // A share of the page per lane: each lane's processor calls one after another, its renewals
      // recorded in one transaction.
      const share = Math.ceil(ids.length / RENEWAL_CONCURRENCY);
      const shares = Array.from({ length: Math.ceil(ids.length / share) }, (_, i) => ids.slice(i * share, (i + 1) * share));
      await inLanes(shares, RENEWAL_CONCURRENCY, async (lane) => {
        // Not `steps += await …`: that reads `steps` before the wait and loses the other lanes' steps.
        try {
          const done = await this.advance.executeMany(lane, now);
          steps += done;
        } catch (error) {
          failure ??= { error };
        }
      });
      after = ids[ids.length - 1];
    }
  }
}
