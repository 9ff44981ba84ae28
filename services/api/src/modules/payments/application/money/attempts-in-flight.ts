import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import type { PaymentAttemptRepository } from '../ports/payment-repositories';
import { paymentInProgress } from './start-payment-attempt';

/** A checkout's payment attempt left in flight. */
export interface OrphanedAttempt {
  attemptId: string;
  sessionId: string;
}

/** What checkout needs to know of attempts the processor may be acting on. */
@injectable()
export class AttemptsInFlight {
  constructor(
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

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

  /** Those of the sessions with an attempt whose outcome is not recorded yet. */
  among(sessionIds: string[]): Promise<Set<string>> {
    return this.attempts.sessionsWithPending(sessionIds);
  }

  /** Attempts in flight past `attemptStaleMs`: the request running them died; the reconciler finishes them. */
  async orphaned(limit: number): Promise<OrphanedAttempt[]> {
    const before = new Date(this.clock.now().getTime() - this.settings.attemptStaleMs);
    const stale = await this.attempts.pendingSince(before, limit);
    return stale.map((attempt) => ({ attemptId: attempt.id, sessionId: attempt.checkoutSessionId }));
  }
}
