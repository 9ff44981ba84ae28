import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { type CancellationReason, type Charge, ChargeNotCapturable, ChargeNotFound } from '../domain/charge';
import { ChargeOperation } from '../domain/charge-operation';
import { PAYMENTS } from '../payments.tokens';
import { ChargeEffects } from './charge-effects';
import type { CardProcessor } from './ports/card-processor';
import type { ChargeOperationRepository, ChargeRepository } from './ports/payment-repositories';

export type HoldEnd = { kind: 'capture'; amount: number | undefined } | { kind: 'cancel'; reason: CancellationReason };

/**
 * Ends a J5 hold exactly once, by a capture or a cancellation: the operation is recorded (one per hold,
 * by a unique index) and committed before the processor call, and applied to the charge after it, with
 * its event, document and receipt. Of two racing requests one wins; the other gets 409.
 */
@injectable()
export class EndHold {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.ChargeOperationRepository) private readonly operations: ChargeOperationRepository,
    @inject(ChargeEffects) private readonly effects: ChargeEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(processor: CardProcessor, chargeId: string, end: HoldEnd): Promise<Charge> {
    const { operation, processorRef } = await this.uow.run(async () => {
      const charge = await this.charges.findForUpdate(chargeId);
      if (!charge) throw new ChargeNotFound(chargeId);
      const now = this.clock.now();
      let op: ChargeOperation;
      if (end.kind === 'capture') {
        op = ChargeOperation.start(chargeId, 'capture', charge.captureAmount(end.amount, now), null, now);
      } else {
        charge.assertCancelable();
        op = ChargeOperation.start(chargeId, 'cancel', null, end.reason, now);
      }
      if (!(await this.operations.add(op))) throw new ChargeNotCapturable(chargeId);
      return { operation: op, processorRef: charge.processorRef! };
    });

    if (operation.kind === 'capture') {
      await processor.capture({ idempotencyKey: operation.idempotencyKey, processorRef, amount: operation.amount! });
    } else {
      await processor.void({ idempotencyKey: operation.idempotencyKey, processorRef });
    }

    return this.uow.run(async () => {
      const charge = (await this.charges.findForUpdate(chargeId))!;
      const now = this.clock.now();
      if (operation.kind === 'capture') {
        charge.capture(operation.amount!, now);
        await this.charges.save(charge);
        await this.effects.moneyTaken(charge);
        await this.effects.event(charge, 'charge.captured');
      } else {
        charge.cancel(operation.reason as CancellationReason, now);
        await this.charges.save(charge);
        await this.effects.event(charge, 'charge.canceled');
      }
      operation.status = 'succeeded';
      await this.operations.save(operation);
      return charge;
    });
  }
}
