import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import type { Charge } from '../domain/charge';
import type { ChargeOperation } from '../domain/charge-operation';
import { Refund, refundIdOf } from '../domain/refund';
import { PAYMENTS, type PaymentSettings } from '../payments.tokens';
import { ChargeBook } from './charge-book';
import { crashPoint } from './crash-point';
import type { ProcessorDirectory } from './ports/card-processor';
import type { ChargeOperationRepository, ChargeRepository, RefundRepository } from './ports/payment-repositories';

export interface FinishedOperation {
  charge: Charge;
  /** The refund a refund operation made. */
  refund: Refund | null;
}

/**
 * Steps two and three of a capture, cancellation or refund whose operation is committed: the processor
 * is called with the operation's idempotency key, outside any transaction, then the charge records it
 * with its event, document and (for a refund) the refund and its credit document. Run by the request
 * that started the operation or, after a crash, by the reconciler; under the operation's row lock it is
 * recorded once however many run it.
 */
@injectable()
export class FinishChargeOperation {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.ChargeOperationRepository) private readonly operations: ChargeOperationRepository,
    @inject(PAYMENTS.RefundRepository) private readonly refunds: RefundRepository,
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(ChargeBook) private readonly book: ChargeBook,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(operation: ChargeOperation): Promise<FinishedOperation> {
    const { livemode, processorRef } = (await this.charges.findByIdUnscoped(operation.chargeId))!;
    const processor = this.processors.forMode(livemode);
    const call = { idempotencyKey: operation.idempotencyKey, processorRef: processorRef! };
    crashPoint(this.settings, 'before_processor_call');
    if (operation.kind === 'capture') await processor.capture({ ...call, amount: operation.amount! });
    else if (operation.kind === 'cancel') await processor.void(call);
    else await processor.refund({ ...call, amount: operation.amount! });
    crashPoint(this.settings, 'after_processor_call');

    return this.uow.run(async () => {
      const charge = (await this.charges.findForUpdate(operation.chargeId))!;
      const current = (await this.operations.findForUpdate(operation.id))!;
      if (current.status !== 'pending') {
        return { charge, refund: current.kind === 'refund' ? await this.refunds.findById(charge, refundIdOf(current)) : null };
      }
      const now = this.clock.now();
      charge.finish(current, now);
      if (current.kind === 'capture') await this.book.moneyTaken(charge);
      await this.charges.save(charge);
      await this.operations.save(current);
      if (current.kind === 'capture') {
        await this.book.event(charge, 'charge.captured');
        return { charge, refund: null };
      }
      if (current.kind === 'cancel') {
        await this.book.event(charge, 'charge.canceled');
        return { charge, refund: null };
      }
      const refund = Refund.of(charge, current, now);
      await this.book.refunded(charge, refund);
      await this.refunds.add(refund);
      await this.book.event(charge, 'charge.refunded');
      return { charge, refund };
    });
  }
}
