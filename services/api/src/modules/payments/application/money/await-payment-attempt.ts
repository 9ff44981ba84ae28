import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { DomainError } from '../../../../shared/domain/domain-error';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import type { AttemptOutcome, PaymentAttempt } from '../../domain/payment-attempt';
import { PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import type { PaymentAttemptRepository } from '../ports/payment-repositories';

const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 30_000;

/**
 * Waits for an attempt another request is running and answers its outcome; or the attempt itself when
 * that request has been silent past `attemptStaleMs` and is taken to have died, so the caller finishes it.
 */
@injectable()
export class AwaitPaymentAttempt {
  constructor(
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(attemptId: string): Promise<AttemptOutcome | PaymentAttempt> {
    for (let waited = 0; waited < WAIT_LIMIT_MS; waited += WAIT_STEP_MS) {
      const attempt = (await this.uow.run(() => this.attempts.findForUpdate(attemptId)))!;
      const outcome = attempt.outcome();
      if (outcome) return outcome;
      if (attempt.isStale(this.clock.now(), this.settings.attemptStaleMs)) return attempt;
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
    throw new DomainError('payment_in_progress', 'A payment for this checkout is still being processed');
  }
}
