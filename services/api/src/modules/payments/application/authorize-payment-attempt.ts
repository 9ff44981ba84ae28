import { inject, injectable } from 'inversify';
import { PAYMENTS, type PaymentSettings } from '../payments.tokens';
import { crashPoint } from './crash-point';
import { MoneyGate } from './money-gate';
import type { AuthorizeOutcome } from './ports/card-processor';
import type { PaymentAttemptRepository } from './ports/payment-repositories';

/**
 * Step two: the processor call of an attempt, outside any transaction, from what the attempt recorded.
 * Repeatable: the idempotency key makes the processor answer a repeated call as it did the first.
 */
@injectable()
export class AuthorizePaymentAttempt {
  constructor(
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(MoneyGate) private readonly gate: MoneyGate,
  ) {}

  async execute(attemptId: string): Promise<AuthorizeOutcome> {
    const attempt = (await this.attempts.findById(attemptId))!;
    const request = attempt.replay();
    const processor = await this.gate.processorFor(request.scope);
    crashPoint(this.settings, 'before_processor_call');
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
}
