import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { ChargeNotFound, type RefundReason } from '../domain/charge';
import { Refund } from '../domain/refund';
import { PAYMENTS } from '../payments.tokens';
import { ChargeBook } from './charge-book';
import { MoneyGate } from './money-gate';
import type { ChargeOperationRepository, ChargeRepository, RefundRepository } from './ports/payment-repositories';

/**
 * Returns captured money in three steps: the refund operation, with its amount reserved on the charge
 * under its row lock, is committed; the processor is called outside any transaction; the refund is
 * recorded with its credit document and event.
 */
@injectable()
export class CreateRefund {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.RefundRepository) private readonly refunds: RefundRepository,
    @inject(PAYMENTS.ChargeOperationRepository) private readonly operations: ChargeOperationRepository,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(ChargeBook) private readonly book: ChargeBook,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, chargeId: string, input: { amount?: number; reason?: RefundReason }): Promise<Refund> {
    const processor = await this.gate.processorFor(scope);
    if (!(await this.charges.findById(scope, chargeId))) throw new ChargeNotFound(chargeId);
    const { operation, processorRef } = await this.uow.run(async () => {
      const charge = (await this.charges.findForUpdate(chargeId))!;
      const started = charge.startRefund(input.amount, input.reason ?? null, this.clock.now());
      await this.charges.save(charge);
      await this.operations.add(started);
      return { operation: started, processorRef: charge.processorRef! };
    });

    await processor.refund({ idempotencyKey: operation.idempotencyKey, processorRef, amount: operation.amount! });

    return this.uow.run(async () => {
      const charge = (await this.charges.findForUpdate(chargeId))!;
      const now = this.clock.now();
      charge.finish(operation, now);
      const refund = Refund.of(charge, operation.amount!, input.reason ?? null, now);
      await this.book.refunded(charge, refund);
      await this.refunds.add(refund);
      await this.operations.save(operation);
      await this.book.event(charge, 'charge.refunded');
      return refund;
    });
  }
}
