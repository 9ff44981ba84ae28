import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { ValidationError } from '../../../../shared/domain/domain-error';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import { PAYMENTS } from '../../payments.tokens';
import type { PaymentAttemptRepository } from '../ports/payment-repositories';
import type { AttemptTicket } from './start-payment-attempt';

/**
 * The shopper's answer to the 3-D Secure challenge of a session's attempt, committed (with the caller's
 * unit of work, when there is one) before it goes to the processor. A second answer to the same challenge gets the attempt already on its way.
 */
@injectable()
export class AnswerPaymentChallenge {
  constructor(
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  execute(sessionId: string, challengeId: string, result: 'authenticated' | 'failed'): Promise<AttemptTicket> {
    return this.uow.join(async () => {
      const live = await this.attempts.findLive(sessionId);
      const locked = live && (await this.attempts.findForUpdate(live.id));
      if (locked && (locked.status === 'succeeded' || (locked.status === 'pending' && locked.challengeId === challengeId))) {
        return { attemptId: locked.id, fresh: false };
      }
      if (!locked?.awaitsChallenge(challengeId)) {
        throw new ValidationError('challenge_not_found', 'No such authentication challenge for this checkout', 'challenge_id');
      }
      locked.answerChallenge(challengeId, result, this.clock.now());
      await this.attempts.save(locked);
      return { attemptId: locked.id, fresh: true, attempt: locked };
    });
  }
}
