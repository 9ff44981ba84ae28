import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { CustomerClock, TestClockSweep } from '../../../shared/domain/customer-clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import { AdvanceSubscription } from './advance-subscription';
import type { SubscriptionRepository } from './ports/subscription-repository';

/** Renewals in flight at once, so the processor's latency overlaps. */
export const RENEWAL_CONCURRENCY = 8;
const PAGE = 200;

/**
 * The daily renewal run: every subscription with something due (renewals, retries, trial notices,
 * cancellations at period end), in lanes that each take a share of a page at a time, so processor
 * latency overlaps.
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
    const shares = this.dueShares(now, testClock?.testClockId ?? null);
    let steps = 0;
    // A subscription that fails stays due for the next run, and holds back none after it: the run goes
    // on, then throws the first failure.
    let failure: { error: unknown } | undefined;
    const lane = async () => {
      for (let share = await shares.next(); share; share = await shares.next()) {
        try {
          // Not `steps += await …`: that reads `steps` before the wait and loses the other lanes' steps.
          const done = await this.advance.executeMany(share, now);
          steps += done;
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: RENEWAL_CONCURRENCY }, lane));
    if (failure) throw failure.error;
    return steps;
  }

  /**
   * The due subscriptions in shares of a page (one per lane), a page read when the lanes have taken the
   * last one's shares: a lane recording its share never waits for the others to finish theirs, so while
   * some lanes record, the others' processor calls go on.
   */
  private dueShares(now: Date, testClockId: string | null): { next(): Promise<string[] | null> } {
    const ready: string[][] = [];
    let after: string | null = null;
    let done = false;
    let reading: Promise<void> | null = null;
    const readPage = async () => {
      const ids = await this.subscriptions.dueIds(now, testClockId, after, PAGE);
      if (ids.length === 0) done = true;
      after = ids.at(-1) ?? after;
      const share = Math.ceil(ids.length / RENEWAL_CONCURRENCY);
      for (let i = 0; i < ids.length; i += share) ready.push(ids.slice(i, i + share));
    };
    return {
      async next() {
        while (ready.length === 0 && !done) {
          reading ??= readPage().finally(() => (reading = null));
          await reading;
        }
        return ready.shift() ?? null;
      },
    };
  }
}
