import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { type CancellationReason, type Charge, ChargeNotCapturable, ChargeNotFound } from '../domain/charge';
import { PAYMENTS } from '../payments.tokens';
import { ChargeBook } from './charge-book';
import type { CardProcessor } from './ports/card-processor';
import type { ChargeOperationRepository, ChargeRepository } from './ports/payment-repositories';

export type HoldEnd = { kind: 'capture'; amount: number | undefined } | { kind: 'cancel'; reason: CancellationReason };

/**
 * Ends a J5 hold exactly once, by a capture or a cancellation, in three steps: the operation, checked by
 * the charge, is committed (one per hold, by a unique index); the processor is called outside any
 * transaction; the charge records it with its event, document and receipt. Of two racing requests one
 * wins; the other gets 409.
 */
@injectable()
export class EndHold {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.ChargeOperationRepository) private readonly operations: ChargeOperationRepository,
    @inject(ChargeBook) private readonly book: ChargeBook,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(processor: CardProcessor, chargeId: string, end: HoldEnd): Promise<Charge> {
    const { operation, processorRef } = await this.uow.run(async () => {
      const charge = await this.charges.findForUpdate(chargeId);
      if (!charge) throw new ChargeNotFound(chargeId);
      const now = this.clock.now();
      const started = end.kind === 'capture' ? charge.startCapture(end.amount, now) : charge.startCancel(end.reason, now);
      if (!(await this.operations.add(started))) throw new ChargeNotCapturable(chargeId);
      return { operation: started, processorRef: charge.processorRef! };
    });

    if (operation.kind === 'capture') {
      await processor.capture({ idempotencyKey: operation.idempotencyKey, processorRef, amount: operation.amount! });
    } else {
      await processor.void({ idempotencyKey: operation.idempotencyKey, processorRef });
    }

    return this.uow.run(async () => {
      const charge = (await this.charges.findForUpdate(chargeId))!;
      charge.finish(operation, this.clock.now());
      await this.charges.save(charge);
      await this.operations.save(operation);
      if (operation.kind === 'capture') {
        await this.book.moneyTaken(charge);
        await this.book.event(charge, 'charge.captured');
      } else {
        await this.book.event(charge, 'charge.canceled');
      }
      return charge;
    });
  }
}
