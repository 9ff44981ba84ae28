import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { settleEach } from '../../../../shared/domain/settle-each';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import { FinishChargeOperation } from './finish-charge-operation';
import type { ChargeOperationRepository } from '../ports/payment-repositories';

/**
 * The reconciler's part for holds and refunds: every capture, cancellation or refund committed but left
 * unfinished past `attemptStaleMs` (its request died) is finished through the processor with its own
 * idempotency key, so the money the processor moved, and only that, is recorded. Answers how many.
 */
@injectable()
export class ReconcileChargeOperations {
  constructor(
    @inject(PAYMENTS.ChargeOperationRepository) private readonly operations: ChargeOperationRepository,
    @inject(FinishChargeOperation) private readonly finish: FinishChargeOperation,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.settings.attemptStaleMs);
    return settleEach(
      (limit) => this.operations.pendingSince(before, limit),
      (operation) => this.finish.execute(operation),
    );
  }
}
