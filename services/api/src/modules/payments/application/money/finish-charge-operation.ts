import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import type { EventRecord } from '../../../events';
import type { Charge } from '../../domain/charge';
import type { ChargeOperation } from '../../domain/charge-operation';
import { Refund, refundIdOf } from '../../domain/refund';
import { PAYMENTS } from '../../payments.tokens';
import { ChargeBook } from '../charge-book';
import { type CardProcessor, ProcessorRefused } from '../ports/card-processor';
import type { ChargeOperationRepository, ChargeRepository, PendingIntent, RefundRepository } from '../ports/payment-repositories';
import { MoneyDriver } from './money-driver';
import type { IntentFinisher } from './reconcile-money-intents';

export interface FinishedOperation {
  charge: Charge;
  /** The refund a refund operation made. */
  refund: Refund | null;
  /** The processor's final no: the operation ended failed and moved nothing. */
  refusal: ProcessorRefused | null;
}

/**
 * Steps two and three of a capture, cancellation or refund whose operation is committed: the processor
 * is called with the operation's idempotency key, outside any transaction, then the charge records it
 * with its event, document and (for a refund) the refund and its credit document; or, when the processor
 * refuses for good, the operation ends failed and the charge stays as it was. Run by the request that
 * started the operation or, after a crash, by the reconciler (it is these kinds' finisher); under the
 * operation's row lock it is recorded once however many run it.
 */
@injectable()
export class FinishChargeOperation implements IntentFinisher {
  readonly kinds = ['capture', 'cancel', 'refund'] as const;

  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.ChargeOperationRepository) private readonly operations: ChargeOperationRepository,
    @inject(PAYMENTS.RefundRepository) private readonly refunds: RefundRepository,
    @inject(ChargeBook) private readonly book: ChargeBook,
    @inject(MoneyDriver) private readonly driver: MoneyDriver,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** After a crash: the operation, read back, finished (a refusal is recorded, not thrown). */
  async finish({ id }: PendingIntent): Promise<void> {
    await this.executeMany([(await this.operations.findById(id))!]);
  }

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
    return this.driver.runMany(
      operations,
      (operation) => (processor) => callProcessor(processor, operation, charges.get(operation.chargeId)!),
      (answered) => this.record(answered),
    );
  }

  /** Under the charges' and operations' row locks: each operation still pending is applied to its charge. */
  private async record(answered: Array<{ intent: ChargeOperation; answer: OperationAnswer }>): Promise<FinishedOperation[]> {
    const operations = answered.map(({ intent }) => intent);
    const answers = new Map(answered.map(({ intent, answer }) => [intent.id, answer]));
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
        await this.book.refunded(charge, refund, operation.refundBill());
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

/** The processor's answer to an operation: a capture's reference its refunds will name, or its final no. */
type OperationAnswer = { capturedAs: string | null } | ProcessorRefused;

/** Step two of an operation, with its key. */
async function callProcessor(processor: CardProcessor, operation: ChargeOperation, { processorRef }: Charge): Promise<OperationAnswer> {
  const call = { idempotencyKey: operation.idempotencyKey, processorRef: processorRef! };
  try {
    if (operation.kind === 'capture') return { capturedAs: (await processor.capture({ ...call, amount: operation.amount! })).processorRef };
    if (operation.kind === 'cancel') await processor.void(call);
    // A credit document's bill is negative: the processor returns its opposite.
    else await processor.refund({ ...call, amount: -operation.refundBill().total });
    return { capturedAs: null };
  } catch (error) {
    if (error instanceof ProcessorRefused) return error;
    throw error;
  }
}

/** The refusal an operation ended with, as its caller is answered. */
function refusalOf(operation: ChargeOperation): ProcessorRefused {
  return operation.kind === 'refund'
    ? new ProcessorRefused('amount_too_large', `The processor refused refund ${operation.id}`, 'amount')
    : new ProcessorRefused('charge_not_capturable', `The processor refused to ${operation.kind} charge ${operation.chargeId}`);
}
