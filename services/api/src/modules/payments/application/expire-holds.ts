import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { CustomerClock, TestClockSweep } from '../../../shared/domain/customer-clock';
import { DomainError } from '../../../shared/domain/domain-error';
import { inLanes } from '../../../shared/domain/in-lanes';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { ListCustomersOnClock } from '../../customers';
import { PAYMENTS } from '../payments.tokens';
import { EndHold } from './end-hold';
import type { ChargeRepository } from './ports/payment-repositories';

/** Holds canceled at once, so the processor's latency overlaps. */
const SWEEP_LANES = 8;

/**
 * The daily sweep: holds past their seven days are canceled with `cancellation_reason: expired`.
 * With `testClock`, only that clock's customers' holds, on its time.
 */
@injectable()
export class ExpireHolds {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
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
      const holds = await this.charges.expiredHolds(now, batchSize, customers);
      await inLanes(holds, SWEEP_LANES, async ({ id }) => {
        try {
          const charge = await this.endHold.execute(id, { kind: 'cancel', reason: 'expired' });
          if (charge.cancellationReason === 'expired') expired++;
        } catch (error) {
          // Captured or canceled meanwhile: nothing left to expire.
          if (!(error instanceof DomainError)) throw error;
        }
      });
      if (holds.length < batchSize) return expired;
    }
  }
}
