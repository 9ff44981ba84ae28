import { inject, injectable } from 'inversify';
import { GetCustomer } from '../modules/customers';
import type { TestClockDirectory } from '../modules/customers';
import { GetTestClock } from '../modules/test-helpers';
import type { Clock } from '../shared/domain/clock';
import type { CustomerClock, CustomerTime } from '../shared/domain/customer-clock';
import { NotFoundError } from '../shared/domain/domain-error';
import type { Scope } from '../shared/domain/scope';
import { SHARED } from '../shared/domain/shared.tokens';

/**
 * Where customers and test clocks meet. Test clocks drive customers' time (renewals, expiries) and
 * customers name their test clock, so neither module imports the other: these adapters do, here.
 */
@injectable()
export class TestClockCustomerClock implements CustomerClock {
  constructor(
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetTestClock) private readonly getTestClock: GetTestClock,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async now(scope: Scope, whose: { customerId: string } | { testClockId: string }): Promise<CustomerTime> {
    const testClockId = 'testClockId' in whose ? whose.testClockId : (await this.getCustomer.execute(scope, whose.customerId)).testClockId;
    if (!testClockId) return { now: this.clock.now(), testClockId: null };
    return { now: (await this.getTestClock.execute(scope, testClockId)).frozenTime, testClockId };
  }
}

/** Whether a customer may be put on a test clock: the clock exists in the scope. */
@injectable()
export class TestClockDirectoryAdapter implements TestClockDirectory {
  constructor(@inject(GetTestClock) private readonly getTestClock: GetTestClock) {}

  async exists(scope: Scope, id: string): Promise<boolean> {
    try {
      await this.getTestClock.execute(scope, id);
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }
}
