import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { DomainError } from '../../../../shared/domain/domain-error';
import { type HostedReport, madeByProcessor, PaymentAttempt } from '../../domain/payment-attempt';
import { PaymentMethod } from '../../domain/payment-method';
import { PAYMENTS } from '../../payments.tokens';
import type { AuthorizeOutcome, CardProcessor, HostedRead } from '../ports/card-processor';
import type { PaymentAttemptRepository, PaymentMethodRepository } from '../ports/payment-repositories';
import { AwaitPaymentAttempt } from './await-payment-attempt';
import { MoneyDriver } from './money-driver';
import { NOT_CHARGED, type PaymentOutcome, RecordPaymentAttempt, type RecordedPayment } from './record-payment-attempt';
import type { AttemptTicket } from './start-payment-attempt';

export type { HostedReport };

/** Nothing is found yet of a payment the processor's own fields or Bit page may still be making. */
const AWAITED = Symbol('awaited');

/**
 * How long a payment by the processor's own fields or Bit page may take from its attempt (a 3-D Secure
 * challenge included) before an attempt of which nothing is found is taken as never paid: the twin keeps
 * a handshake as long, and Tranzila's docs call it time-limited without saying how long (nor how long a
 * Bit page waits for the app).
 */
export const HOSTED_FIELDS_WINDOW_MS = 30 * 60 * 1000;

/** The page reported a payment that is not this attempt's: forged, or replayed from another. */
export class HostedReportRefused extends DomainError {
  constructor(readonly field: string) {
    super(
      'hosted_report_refused',
      `The reported transaction is not this payment's (its ${field} differs); nothing was completed`,
      'transaction_id',
    );
  }
}

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

  /**
   * `report`: what the page said the processor's own fields did, for an attempt they make (read back
   * from the processor before anything is believed). Without one, such an attempt (and a Bit page's,
   * always) is searched by its key, and is still awaited while nothing is found.
   */
  async execute(
    ticket: AttemptTicket,
    alsoRecord: (recorded: RecordedPayment) => Promise<void>,
    report: HostedReport | null = null,
  ): Promise<PaymentOutcome> {
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
      (processor) =>
        madeByProcessor(running.replay().source) ? this.readHosted(processor, running, report) : this.call(processor, running),
      async (answer) => {
        // Nothing found yet of a payment the shopper may still be making in the processor's fields.
        if (answer === AWAITED) return { status: 'pending' } as const;
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
    const { source } = request;
    if (madeByProcessor(source)) throw new Error(`payment attempt ${attempt.id} is made on the processor's side`);
    return processor.authorize({
      idempotencyKey: attempt.idempotencyKey,
      source: source.type === 'saved_card' ? { paymentMethodRef: source.processorRef } : { token: source.token },
      amount: request.amount,
      currency: request.currency,
      capture: request.captureMethod === 'automatic',
      installments: request.installments,
      merchantInitiated: false,
      reference: request.sessionId,
    });
  }

  /**
   * A payment the processor's own fields or Bit page made, read back from the processor: by the
   * transaction the page reported, else by the attempt's key. A report of another payment is refused
   * (`hosted_report_refused`) and changes nothing. Found nowhere: not charged, if the page said the fields
   * charged nothing (or a new attempt ends this one) or the attempt is older than `HOSTED_FIELDS_WINDOW_MS`;
   * else still awaited. A new card it is to save is saved from the payment, and the attempt charges that
   * saved card from then on.
   */
  private async readHosted(
    processor: CardProcessor,
    attempt: PaymentAttempt,
    report: HostedReport | null,
  ): Promise<AuthorizeOutcome | typeof NOT_CHARGED | typeof AWAITED> {
    const request = attempt.replay();
    const read = await readMadeByProcessor(processor, attempt, report);
    if (read.status === 'mismatch') throw new HostedReportRefused(read.field);
    if (read.status === 'not_found') {
      const expired = this.clock.now().getTime() - attempt.createdAt.getTime() >= HOSTED_FIELDS_WINDOW_MS;
      return report !== null || expired ? NOT_CHARGED : AWAITED;
    }
    const { cardRef, ...outcome } = read;
    if (outcome.status === 'authorized' && request.source.type === 'hosted_fields' && request.source.save && cardRef) {
      const method = await this.methods.addOnce(
        PaymentMethod.save(request.scope, request.customerId, cardRef, outcome.card, this.clock.now()),
      );
      attempt.savedCard(method.id, method.processorRef);
      await this.attempts.save(attempt);
    }
    return outcome;
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

/** What the processor shows of a payment its own fields or Bit page made for the attempt. */
export function readMadeByProcessor(processor: CardProcessor, attempt: PaymentAttempt, report: HostedReport | null): Promise<HostedRead> {
  const request = attempt.replay();
  if (request.source.type === 'bit_page') {
    if (!processor.bitPage) throw new Error(`${processor.name} has no Bit page`);
    return processor.bitPage.read({ idempotencyKey: attempt.idempotencyKey, amount: request.amount });
  }
  if (!processor.hostedFields) throw new Error(`${processor.name} has no card fields of its own`);
  return processor.hostedFields.read({
    idempotencyKey: attempt.idempotencyKey,
    amount: request.amount,
    currency: request.currency,
    capture: request.captureMethod === 'automatic',
    installments: request.installments,
    transactionId: report?.transactionId ?? null,
    shown: report?.shown ?? null,
  });
}
