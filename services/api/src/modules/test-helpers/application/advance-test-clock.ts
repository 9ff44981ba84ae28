import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { ExpireDueSessions } from '../../checkout';
import { ExpireHolds } from '../../payments';
import { RenewDueSubscriptions } from '../../subscriptions';
import type { TestClock } from '../domain/test-clock';
import { TEST_HELPERS } from '../test-helpers.tokens';
import { GetTestClock } from './get-test-clock';
import type { TestClockRepository } from './ports/test-clock-repository';

/**
 * Moves a test clock forward and runs, for its customers only and in time order, everything due by
 * then: trial notices, renewals, retries, cancellations at period end, hold expiry and session expiry.
 * Each sweep asks the customer clock for the time, which is now the clock's new time. Answers when done.
 * Every step is safe to run again (a renewal's processor key is its period and try), so an advance a
 * crash cut short is finished by asking for the same time again, or by the reconciler; asking again for
 * the time of an advance that finished answers the clock, changed in nothing.
 */
@injectable()
export class AdvanceTestClock {
  constructor(
    @inject(TEST_HELPERS.TestClockRepository) private readonly clocks: TestClockRepository,
    @inject(GetTestClock) private readonly getTestClock: GetTestClock,
    @inject(RenewDueSubscriptions) private readonly renew: RenewDueSubscriptions,
    @inject(ExpireHolds) private readonly expireHolds: ExpireHolds,
    @inject(ExpireDueSessions) private readonly expireSessions: ExpireDueSessions,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, id: string, to: Date): Promise<TestClock> {
    const clock = await this.getTestClock.execute(scope, id);
    // A repeat of an advance that finished (a retry after a lost answer) answers the clock as it stands.
    if (clock.stands(to)) return clock;
    clock.startAdvancing(to, this.clock.now());
    await this.clocks.save(clock);
    return this.finish(clock);
  }

  /** Runs what is due by the clock's time and marks it ready; also how an advance cut short is finished. */
  async finish(clock: TestClock): Promise<TestClock> {
    const sweep = { scope: { accountId: clock.accountId, livemode: false }, testClockId: clock.id };
    await this.renew.execute(sweep);
    await this.expireHolds.execute(sweep);
    await this.expireSessions.execute(sweep);
    clock.finishAdvancing();
    await this.clocks.save(clock);
    return clock;
  }
}
