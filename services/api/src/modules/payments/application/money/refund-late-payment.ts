import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import type { PaymentAttempt } from '../../domain/payment-attempt';
import { PAYMENTS } from '../../payments.tokens';
import type { ProcessorDirectory } from '../ports/card-processor';
import type { PaymentAttemptRepository } from '../ports/payment-repositories';
import { HOSTED_FIELDS_WINDOW_MS, readMadeByProcessor } from './settle-payment-attempt';

/** How many Bit attempts that ended unpaid one sweep reads again. */
const SWEEP_LIMIT = 500;

/**
 * A Bit payment approved after its attempt had ended unpaid: the shopper closed the Bit page and paid
 * another way (or gave up), then approved the old request in the app. The session does not take it: it
 * is refunded in full, under a key of its own, and the attempt records that it was (`late_payment_refunded`).
 * Whoever learns of it first does this (the processor's notification, the page's report); a second
 * caller finds the attempt already marked, and Tranzila refunds a Bit payment only once anyway.
 */
@injectable()
export class RefundLatePayment {
  constructor(
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /**
   * The reconciler's sweep, for an approval whose notification never came: every Bit attempt that ended
   * unpaid within `HOSTED_FIELDS_WINDOW_MS` (a Bit page lives no longer) is read once more. Answers how
   * many late payments it refunded.
   */
  async sweep(): Promise<number> {
    const since = new Date(this.clock.now().getTime() - HOSTED_FIELDS_WINDOW_MS);
    let refunded = 0;
    const failures: unknown[] = [];
    // Read again each run (an attempt not paid late stays), so a bounded batch, the newest first.
    for (const attempt of await this.attempts.bitEndedUnpaidSince(since, SWEEP_LIMIT)) {
      try {
        if (await this.execute(attempt)) refunded += 1;
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} late Bit payment(s) could not be checked`);
    return refunded;
  }

  /** Whether a late payment of the attempt was found and refunded (for the caller's log). */
  async execute(attempt: PaymentAttempt): Promise<boolean> {
    const request = attempt.replay();
    if (request.source.type !== 'bit_page' || !attempt.endedUnpaid()) return false;
    const processor = await this.processors.forScope(request.scope);
    const read = await readMadeByProcessor(processor, attempt, null);
    if (read.status !== 'authorized') return false;
    await processor.refund({ idempotencyKey: `late_${attempt.idempotencyKey}`, processorRef: read.processorRef, amount: request.amount });
    const ended = (await this.attempts.findById(attempt.id))!;
    if (ended.endedUnpaid()) {
      ended.refundedLate(this.clock.now());
      await this.attempts.save(ended);
    }
    return true;
  }
}
