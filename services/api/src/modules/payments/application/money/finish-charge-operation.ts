import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { inLanes } from '../../../../shared/domain/in-lanes';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import type { EventRecord } from '../../../events';
import type { Charge } from '../../domain/charge';
import type { ChargeOperation } from '../../domain/charge-operation';
import { Refund, refundIdOf } from '../../domain/refund';
import { PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import { ChargeBook } from '../charge-book';
import { crashPoint } from './crash-point';
import { type ProcessorDirectory, ProcessorRefused } from '../ports/card-processor';
import type { ChargeOperationRepository, ChargeRepository, RefundRepository } from '../ports/payment-repositories';

export interface FinishedOperation {
  charge: Charge;
  /** The refund a refund operation made. */
  refund: Refund | null;
  /** The processor's final no: the operation ended failed and moved nothing. */
  refusal: ProcessorRefused | null;
}

/** Processor calls of a batch made at once, so their latency overlaps. */
const PROCESSOR_LANES = 8;

/**
 * Steps two and three of a capture, cancellation or refund whose operation is committed: the processor
 * is called with the operation's idempotency key, outside any transaction, then the charge records it
 * with its event, document and (for a refund) the refund and its credit document; or, when the processor
 * refuses for good, the operation ends failed and the charge stays as it was. Run by the request that
 * started the operation or, after a crash, by the reconciler; under the operation's row lock it is
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

  /** One operation; a refusal, recorded, is thrown to the caller (409 `charge_not_capturable`, 400 `amount_too_large`). */
  async execute(operation: ChargeOperation): Promise<FinishedOperation> {
    const [finished] = await this.executeMany([operation]);
    if (finished.refusal) throw finished.refusal;
    return finished;
  }

  /**
   * A batch (a sweep's): the processor called for each operation, several at once, then every answered
   * one (refusals included) recorded in one transaction. An operation whose call failed otherwise stays
   * pending for the reconciler; the first such failure is thrown once the others are recorded.
   */
  async executeMany(operations: ChargeOperation[]): Promise<FinishedOperation[]> {
    if (operations.length === 0) return [];
    const charges = await this.charges.findManyUnscoped(operations.map((operation) => operation.chargeId));
    const answered = new Map<string, { capturedAs: string | null } | ProcessorRefused>();
    const failures: unknown[] = [];
    await inLanes(operations, PROCESSOR_LANES, async (operation) => {
      try {
        answered.set(operation.id, { capturedAs: await this.callProcessor(operation, charges.get(operation.chargeId)!) });
      } catch (error) {
        if (error instanceof ProcessorRefused) answered.set(operation.id, error);
        else failures.push(error);
      }
    });
    const finished =
      answered.size === 0
        ? []
        : await this.uow.run(() =>
            this.record(
              operations.filter((operation) => answered.has(operation.id)),
              answered,
            ),
          );
    if (failures.length > 0) throw failures[0];
    return finished;
  }

  /** The processor's call; a capture answers the reference its refunds will name. */
  private async callProcessor(operation: ChargeOperation, { accountId, livemode, processorRef }: Charge): Promise<string | null> {
    const processor = await this.processors.forScope({ accountId, livemode });
    const call = { idempotencyKey: operation.idempotencyKey, processorRef: processorRef! };
    crashPoint(this.settings, 'before_processor_call');
    let capturedAs: string | null = null;
    if (operation.kind === 'capture') capturedAs = (await processor.capture({ ...call, amount: operation.amount! })).processorRef;
    else if (operation.kind === 'cancel') await processor.void(call);
    else await processor.refund({ ...call, amount: operation.amount! });
    crashPoint(this.settings, 'after_processor_call');
    return capturedAs;
  }

  /** Under the charges' and operations' row locks: each operation still pending is applied to its charge. */
  private async record(
    operations: ChargeOperation[],
    answers: Map<string, { capturedAs: string | null } | ProcessorRefused>,
  ): Promise<FinishedOperation[]> {
    const charges = await this.charges.findManyForUpdate([...new Set(operations.map((operation) => operation.chargeId))]);
    const current = await this.operations.findManyForUpdate(operations.map((operation) => operation.id));
    const now = this.clock.now();
    const applied: ChargeOperation[] = [];
    const events: EventRecord[] = [];
    const finished: FinishedOperation[] = [];
    for (const { id, chargeId } of operations) {
      const charge = charges.get(chargeId)!;
      const operation = current.get(id)!;
      if (operation.status === 'failed') {
        // Another run recorded the processor's refusal: the same answer.
        finished.push({ charge, refund: null, refusal: refusalOf(operation) });
        continue;
      }
      if (operation.status !== 'pending') {
        finished.push({
          charge,
          refund: operation.kind === 'refund' ? await this.refunds.findById(charge, refundIdOf(operation)) : null,
          refusal: null,
        });
        continue;
      }
      const answer = answers.get(id)!;
      if (answer instanceof ProcessorRefused) {
        charge.refused(operation);
        applied.push(operation);
        finished.push({ charge, refund: null, refusal: answer });
        continue;
      }
      charge.finish(operation, now, answer.capturedAs ?? undefined);
      applied.push(operation);
      let refund: Refund | null = null;
      if (operation.kind === 'capture') await this.book.moneyTaken(charge);
      if (operation.kind === 'refund') {
        refund = Refund.of(charge, operation, now);
        await this.book.refunded(charge, refund);
        await this.refunds.add(refund);
      }
      events.push(
        this.book.eventOf(
          charge,
          operation.kind === 'capture' ? 'charge.captured' : operation.kind === 'cancel' ? 'charge.canceled' : 'charge.refunded',
        ),
      );
      finished.push({ charge, refund, refusal: null });
    }
    await this.charges.saveMany([...new Set(applied.map((operation) => charges.get(operation.chargeId)!))]);
    await this.operations.saveMany(applied);
    await this.book.events(events);
    return finished;
  }
}

/** The refusal an operation ended with, as its caller is answered. */
function refusalOf(operation: ChargeOperation): ProcessorRefused {
  return operation.kind === 'refund'
    ? new ProcessorRefused('amount_too_large', `The processor refused refund ${operation.id}`, 'amount')
    : new ProcessorRefused('charge_not_capturable', `The processor refused to ${operation.kind} charge ${operation.chargeId}`);
}
