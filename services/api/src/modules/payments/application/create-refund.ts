import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { ChargeNotFound, type RefundReason } from '../domain/charge';
import { operationNamedBy } from '../domain/charge-operation';
import type { Refund } from '../domain/refund';
import { PAYMENTS } from '../payments.tokens';
import { FinishChargeOperation } from './money/finish-charge-operation';
import { MoneyGate } from './money/money-gate';
import type { ChargeOperationRepository, ChargeRepository } from './ports/payment-repositories';

/**
 * Returns captured money: the refund operation, with its amount reserved on the charge under its row
 * lock, is committed; then `FinishChargeOperation` calls the processor and records the refund with its
 * credit document and event.
 */
@injectable()
export class CreateRefund {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.ChargeOperationRepository) private readonly operations: ChargeOperationRepository,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(FinishChargeOperation) private readonly finish: FinishChargeOperation,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /**
   * `requestKey` (the request's Idempotency-Key) names the refund: a retry of a request that died after
   * its refund started finishes that refund instead of starting another.
   */
  async execute(
    scope: Scope,
    chargeId: string,
    input: { amount?: number; reason?: RefundReason; limit?: number },
    requestKey?: string,
  ): Promise<Refund> {
    // An id of another account or mode is unknown here, before any question of onboarding.
    if (!(await this.charges.findById(scope, chargeId))) throw new ChargeNotFound(chargeId);
    await this.gate.processorFor(scope);
    const named = operationNamedBy(scope, chargeId, requestKey);
    const operation = await this.uow.run(async () => {
      const charge = (await this.charges.findForUpdate(chargeId))!;
      const earlier = named && (await this.operations.findById(named));
      if (earlier) return earlier;
      const started = charge.startRefund(input.amount, input.reason ?? null, this.clock.now(), named, input.limit);
      await this.charges.saveMany([charge]);
      await this.operations.add(started);
      return started;
    });
    return (await this.finish.execute(operation)).refund!;
  }
}
