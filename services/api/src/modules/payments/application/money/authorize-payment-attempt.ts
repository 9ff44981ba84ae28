import { inject, injectable } from 'inversify';
import { PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import { crashPoint } from './crash-point';
import { MoneyGate } from './money-gate';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import type { PaymentAttempt } from '../../domain/payment-attempt';
import { PaymentMethod } from '../../domain/payment-method';
import type { AuthorizeOutcome, CardProcessor } from '../ports/card-processor';
import type { PaymentAttemptRepository, PaymentMethodRepository } from '../ports/payment-repositories';

/**
 * Step two: the processor calls of an attempt, outside any transaction, from what the attempt recorded.
 * Repeatable: the idempotency keys make the processor answer a repeated call as it did the first. A new
 * card a subscription's payment saves is saved first (once: the attempt then charges the saved card).
 */
@injectable()
export class AuthorizePaymentAttempt {
  constructor(
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(attemptId: string): Promise<AuthorizeOutcome> {
    const attempt = (await this.attempts.findById(attemptId))!;
    const processor = await this.gate.processorFor(attempt.replay().scope);
    crashPoint(this.settings, 'before_processor_call');
    const declined = await this.saveCard(attempt, processor);
    if (declined) return declined;
    const request = attempt.replay();
    const answer =
      attempt.challengeId && request.challengeResult
        ? await processor.completeChallenge({
            idempotencyKey: attempt.challengeKey(),
            challengeId: attempt.challengeId,
            result: request.challengeResult,
          })
        : await processor.authorize({
            idempotencyKey: attempt.idempotencyKey,
            source:
              request.source.type === 'saved_card' ? { paymentMethodRef: request.source.processorRef } : { token: request.source.token },
            amount: request.amount,
            currency: request.currency,
            capture: request.captureMethod === 'automatic',
            installments: request.installments,
            merchantInitiated: false,
            reference: request.sessionId,
          });
    crashPoint(this.settings, 'after_processor_call');
    return answer;
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
