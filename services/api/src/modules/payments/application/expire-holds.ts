import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PAYMENTS } from '../payments.tokens';
import { EndHold } from './end-hold';
import type { ChargeRepository } from './ports/payment-repositories';
import type { ProcessorDirectory } from './ports/card-processor';

/** The daily sweep: holds past their seven days are canceled with `cancellation_reason: expired`. */
@injectable()
export class ExpireHolds {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
    @inject(EndHold) private readonly endHold: EndHold,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** `customers` and `now`: a test clock's customers, on its time. */
  async execute(options: { now?: Date; customers?: string[] } = {}, batchSize = 500): Promise<number> {
    let expired = 0;
    for (;;) {
      const holds = await this.charges.expiredHolds(options.now ?? this.clock.now(), batchSize, options.customers);
      for (const { id, livemode } of holds) {
        try {
          const charge = await this.endHold.execute(this.processors.forMode(livemode), id, { kind: 'cancel', reason: 'expired' });
          if (charge.cancellationReason === 'expired') expired++;
        } catch (error) {
          // Captured or canceled meanwhile: nothing left to expire.
          if (!(error instanceof DomainError)) throw error;
        }
      }
      if (holds.length < batchSize) return expired;
    }
  }
}
