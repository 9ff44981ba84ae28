import { inject, injectable } from 'inversify';
import { PAYMENTS } from '../../payments.tokens';
import type { PaymentAttemptRepository } from '../ports/payment-repositories';
import { madeByProcessor, type PaymentAttempt } from '../../domain/payment-attempt';
import { paymentInProgress } from './start-payment-attempt';

/** What checkout needs to know of attempts the processor may be acting on. */
@injectable()
export class AttemptsInFlight {
  constructor(@inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository) {}

  /** The session's attempt whose outcome is not recorded yet, if any: the session must not expire under it. */
  async of(sessionId: string): Promise<string | null> {
    const live = await this.attempts.findLive(sessionId);
    return live?.status === 'pending' ? live.id : null;
  }

  /**
   * The session's attempt in flight for a confirm that chose `paidWith` (`paidWithOf`) to join: null when
   * none is in flight; 409 `payment_in_progress` when it pays with something else.
   */
  async joinable(sessionId: string, paidWith: string): Promise<string | null> {
    const live = await this.attempts.findLive(sessionId);
    if (live?.status !== 'pending') return null;
    if (!live.paysWithSame(paidWith)) throw paymentInProgress();
    return live.id;
  }

  /**
   * The session's payment that the processor's own card fields or Bit page may be making (its outcome not
   * recorded yet), if any.
   */
  async hostedOf(sessionId: string): Promise<PaymentAttempt | null> {
    const live = await this.attempts.findLive(sessionId);
    return live?.checkoutSessionId === sessionId && live.awaitsProcessor() ? live : null;
  }

  /** The session's attempt `attemptId` made by the processor's fields or Bit page, in flight or settled. */
  async hostedAttempt(sessionId: string, attemptId: string): Promise<PaymentAttempt | null> {
    const attempt = await this.attempts.findById(attemptId);
    return attempt?.checkoutSessionId === sessionId && madeByProcessor(attempt.replay().source) ? attempt : null;
  }

  /** Those of the sessions with an attempt whose outcome is not recorded yet. */
  among(sessionIds: string[]): Promise<Set<string>> {
    return this.attempts.sessionsWithPending(sessionIds);
  }
}
