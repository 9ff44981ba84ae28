import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { GetCustomer } from '../../customers';
import { GetTestClock } from '../../test-helpers';

/** What time it is for a subscriber: a customer on a test clock lives on the clock's time. */
@injectable()
export class SubscriberClock {
  constructor(
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetTestClock) private readonly getTestClock: GetTestClock,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async now(scope: Scope, customer: string | { testClockId: string | null }): Promise<{ now: Date; testClockId: string | null }> {
    const { testClockId } = typeof customer === 'string' ? await this.getCustomer.execute(scope, customer) : customer;
    return { now: testClockId ? (await this.getTestClock.execute(scope, testClockId)).frozenTime : this.clock.now(), testClockId };
  }
}
