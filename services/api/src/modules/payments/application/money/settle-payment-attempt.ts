import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { PaymentAttempt } from '../../domain/payment-attempt';
import { PaymentMethod } from '../../domain/payment-method';
import { PAYMENTS } from '../../payments.tokens';
import type { AuthorizeOutcome, CardProcessor } from '../ports/card-processor';
import type { PaymentAttemptRepository, PaymentMethodRepository } from '../ports/payment-repositories';
import { AwaitPaymentAttempt } from './await-payment-attempt';
import { MoneyDriver } from './money-driver';
import { type PaymentOutcome, RecordPaymentAttempt, type RecordedPayment } from './record-payment-attempt';
import type { AttemptTicket } from './start-payment-attempt';

/**
 * Steps two and three of a checkout's payment attempt, once it is committed (by a confirm, or by the
 * shopper's 3-D Secure answer), through the money driver: the processor is asked with the attempt's key,
 * then one transaction records the charge and settles the attempt, with `alsoRecord` (what the caller
 * writes in the same transaction: the session completed, the subscription it starts). An attempt another
 * request is running is waited for, and finished here if that request died.
 */
@injectable()
export class SettlePaymentAttempt {
  constructor(
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository,
    @inject(AwaitPaymentAttempt) private readonly awaitAttempt: AwaitPaymentAttempt,
    @inject(RecordPaymentAttempt) private readonly record: RecordPaymentAttempt,
    @inject(MoneyDriver) private readonly driver: MoneyDriver,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(ticket: AttemptTicket, alsoRecord: (recorded: RecordedPayment) => Promise<void>): Promise<PaymentOutcome> {
    let attempt = ticket.attempt;
    if (!ticket.fresh) {
      const waited = await this.awaitAttempt.execute(ticket.attemptId);
      if (!(waited instanceof PaymentAttempt)) return waited;
      attempt = waited;
    }
    // Only after a crash is the attempt read back: the reconciler's tickets carry its id alone.
    const running = attempt ?? (await this.attempts.findById(ticket.attemptId))!;
    return this.driver.run(
      running.replay().scope,
      (processor) => this.call(processor, running),
      async (answer) => {
        const recorded = await this.record.execute(running.id, answer);
        await alsoRecord(recorded);
        return recorded.outcome;
      },
    );
  }

  /**
   * The processor's calls, from what the attempt recorded: a new card the payment saves is saved first
   * (once: the attempt then charges the saved card), then the authorization, or the 3-D Secure answer.
   */
  private async call(processor: CardProcessor, attempt: PaymentAttempt): Promise<AuthorizeOutcome> {
    const declined = await this.saveCard(attempt, processor);
    if (declined) return declined;
    const request = attempt.replay();
    if (attempt.challengeId && request.challengeResult)
      return processor.completeChallenge({
        idempotencyKey: attempt.challengeKey(),
        challengeId: attempt.challengeId,
        result: request.challengeResult,
      });
    return processor.authorize({
      idempotencyKey: attempt.idempotencyKey,
      source: request.source.type === 'saved_card' ? { paymentMethodRef: request.source.processorRef } : { token: request.source.token },
      amount: request.amount,
      currency: request.currency,
      capture: request.captureMethod === 'automatic',
      installments: request.installments,
      merchantInitiated: false,
      reference: request.sessionId,
    });
  }

  /** Saves the new card the attempt pays with, when it is to be saved; the decline if the issuer refuses. */
  private async saveCard(attempt: PaymentAttempt, processor: CardProcessor): Promise<AuthorizeOutcome | null> {
    const { source, scope, customerId } = attempt.replay();
    if (source.type !== 'card' || !source.save) return null;
    const saved = await processor.verify({ idempotencyKey: `save_${attempt.id}`, token: source.token });
    if ('declined' in saved) return { status: 'declined', code: saved.declined, soft: false, card: null };
    const method = await this.methods.addOnce(PaymentMethod.save(scope, customerId, saved.ref, saved.card, this.clock.now()));
    attempt.savedCard(method.id, method.processorRef);
    await this.attempts.save(attempt);
    return null;
  }
}
