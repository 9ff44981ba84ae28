import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { CustomerClock, TestClockSweep } from '../../../shared/domain/customer-clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { ListCustomersOnClock } from '../../customers';
import { EndHold } from './end-hold';
import { FinishChargeOperation } from './money/finish-charge-operation';

/**
 * The daily sweep: holds past their seven days are canceled with `cancellation_reason: expired`.
 * With `testClock`, only that clock's customers' holds, on its time.
 */
@injectable()
export class ExpireHolds {
  constructor(
    @inject(FinishChargeOperation) private readonly finish: FinishChargeOperation,
    @inject(EndHold) private readonly endHold: EndHold,
    @inject(ListCustomersOnClock) private readonly customersOnClock: ListCustomersOnClock,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(testClock: TestClockSweep | null = null, batchSize = 500): Promise<number> {
    const customers = testClock ? await this.customersOnClock.execute(testClock.testClockId) : undefined;
    const now = testClock ? (await this.customerClock.now(testClock.scope, testClock)).now : this.clock.now();
    let expired = 0;
    for (;;) {
      const { found, operations } = await this.endHold.startExpiries(now, batchSize, customers);
      const finished = await this.finish.executeMany(operations);
      expired += finished.filter(({ charge }) => charge.cancellationReason === 'expired').length;
      // A batch of holds all under a capture in flight would come back unchanged.
      if (found < batchSize || operations.length === 0) return expired;
    }
  }
}
