import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { type CancellationReason, type Charge, ChargeNotCapturable, ChargeNotFound } from '../domain/charge';
import type { ChargeOperation } from '../domain/charge-operation';
import { PAYMENTS } from '../payments.tokens';
import { FinishChargeOperation } from './money/finish-charge-operation';
import type { ChargeOperationRepository, ChargeRepository } from './ports/payment-repositories';

export type HoldEnd = { kind: 'capture'; amount: number | undefined } | { kind: 'cancel'; reason: CancellationReason };

/**
 * Ends a J5 hold exactly once, by a capture or a cancellation: the operation, checked by the charge, is
 * committed (one per hold, by a unique index), then `FinishChargeOperation` calls the processor and
 * records it. Of two racing requests one wins; the other gets 409. A repeat of an end left unfinished by
 * a crash finishes it.
 */
@injectable()
export class EndHold {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.ChargeOperationRepository) private readonly operations: ChargeOperationRepository,
    @inject(FinishChargeOperation) private readonly finish: FinishChargeOperation,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /**
   * `named`: the operation's id when a request's Idempotency-Key names it (`idFor`): a retry of a request
   * whose end another run finished (the reconciler, after a crash) answers that end's result.
   */
  async execute(chargeId: string, end: HoldEnd, named?: string): Promise<Charge> {
    const operation = await this.uow.run(async () => {
      const charge = await this.charges.findForUpdate(chargeId);
      if (!charge) throw new ChargeNotFound(chargeId);
      const earlier = named && (await this.operations.findById(named));
      if (earlier) return earlier;
      const unfinished = (await this.operations.pendingEnds([chargeId])).get(chargeId);
      if (unfinished && sameEnd(unfinished, end, charge.amount)) return unfinished;
      const now = this.clock.now();
      const started = end.kind === 'capture' ? charge.startCapture(end.amount, now, named) : charge.startCancel(end.reason, now, named);
      if (!(await this.operations.add(started))) throw new ChargeNotCapturable(chargeId);
      return started;
    });
    return (await this.finish.execute(operation)).charge;
  }

  /**
   * The expiry sweep's first step for a batch, committed: cancellations started for up to `limit` holds
   * past their window that no one else has locked. A hold whose cancellation is already under way gives
   * that one (to be finished); one whose capture is under way is left to it.
   */
  async startExpiries(now: Date, limit: number, customers?: string[]): Promise<{ found: number; operations: ChargeOperation[] }> {
    return this.uow.run(async () => {
      const holds = await this.charges.lockExpiredHolds(now, limit, customers);
      const unfinished = await this.operations.pendingEnds(holds.map((hold) => hold.id));
      const started = holds.filter((hold) => !unfinished.has(hold.id)).map((hold) => hold.startCancel('expired', now));
      await this.operations.addMany(started);
      const resumed = [...unfinished.values()].filter((operation) => operation.kind === 'cancel');
      return { found: holds.length, operations: [...resumed, ...started] };
    });
  }
}

/** A repeat of the end already under way (same kind, same amount). */
function sameEnd(operation: ChargeOperation, end: HoldEnd, holdAmount: number): boolean {
  return operation.kind === end.kind && (end.kind === 'cancel' || operation.amount === (end.amount ?? holdAmount));
}
