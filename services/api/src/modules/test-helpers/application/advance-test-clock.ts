import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
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
 */
@injectable()
export class AdvanceTestClock {
  constructor(
    @inject(TEST_HELPERS.TestClockRepository) private readonly clocks: TestClockRepository,
    @inject(GetTestClock) private readonly getTestClock: GetTestClock,
    @inject(RenewDueSubscriptions) private readonly renew: RenewDueSubscriptions,
    @inject(ExpireHolds) private readonly expireHolds: ExpireHolds,
    @inject(ExpireDueSessions) private readonly expireSessions: ExpireDueSessions,
  ) {}

  async execute(scope: Scope, id: string, to: Date): Promise<TestClock> {
    const clock = await this.getTestClock.execute(scope, id);
    clock.startAdvancing(to);
    await this.clocks.save(clock);
    const sweep = { scope, testClockId: clock.id };
    await this.renew.execute(sweep);
    await this.expireHolds.execute(sweep);
    await this.expireSessions.execute(sweep);
    clock.finishAdvancing();
    await this.clocks.save(clock);
    return clock;
  }
}
