import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { ExpireDueSessions } from '../../checkout/application/expire-due-sessions';
import { ListCustomersOnClock } from '../../customers';
import { ExpireHolds } from '../../payments/application/expire-holds';
import { RenewDueSubscriptions } from '../../subscriptions/application/renew-due-subscriptions';
import { assertForward, type TestClock } from '../domain/test-clock';
import { TEST_HELPERS } from '../test-helpers.tokens';
import { GetTestClock } from './get-test-clock';
import type { TestClockRepository } from './ports/test-clock-repository';

/**
 * Moves a test clock forward and runs, for its customers only and in time order, everything due by
 * then: trial notices, renewals, retries, cancellations at period end, hold expiry and session expiry.
 * Answers when it is done.
 */
@injectable()
export class AdvanceTestClock {
  constructor(
    @inject(TEST_HELPERS.TestClockRepository) private readonly clocks: TestClockRepository,
    @inject(GetTestClock) private readonly getTestClock: GetTestClock,
    @inject(RenewDueSubscriptions) private readonly renew: RenewDueSubscriptions,
    @inject(ListCustomersOnClock) private readonly customersOnClock: ListCustomersOnClock,
    @inject(ExpireHolds) private readonly expireHolds: ExpireHolds,
    @inject(ExpireDueSessions) private readonly expireSessions: ExpireDueSessions,
  ) {}

  async execute(scope: Scope, id: string, to: Date): Promise<TestClock> {
    const clock = await this.getTestClock.execute(scope, id);
    assertForward(clock, to);
    clock.status = 'advancing';
    await this.clocks.save(clock);
    await this.renew.execute({ clock: clock.id, now: to });
    const customers = await this.customersOnClock.execute(clock.id);
    await this.expireHolds.execute({ now: to, customers });
    await this.expireSessions.execute({ now: to, customers });
    clock.frozenTime = to;
    clock.status = 'ready';
    await this.clocks.save(clock);
    return clock;
  }
}
