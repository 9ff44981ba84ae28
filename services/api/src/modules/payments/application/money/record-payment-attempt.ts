import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import { type NewCharge, UNKNOWN_CARD } from '../../domain/charge';
import type { AttemptOutcome, AttemptRequest } from '../../domain/payment-attempt';
import { PAYMENTS } from '../../payments.tokens';
import { ChargeBook } from '../charge-book';
import type { AuthorizeOutcome } from '../ports/card-processor';
import type { PaymentAttemptRepository } from '../ports/payment-repositories';

/** `pending`: nothing is found yet of a payment the processor's own fields may still be making. */
export type PaymentOutcome = AttemptOutcome | { status: 'pending' };

/** The processor's fields moved no money for the attempt (found nowhere, the page said none, or too late). */
export const NOT_CHARGED = { status: 'not_charged' } as const;

/** The attempt's outcome, and whether this call recorded it (false: another request had). */
export interface RecordedPayment {
  outcome: AttemptOutcome;
  recorded: boolean;
  /** What the attempt was started with, ids decided before included. */
  payment: AttemptRequest;
}

/**
 * Step three, inside the caller's transaction: the processor's answer becomes the charge (with the
 * subscription it pays, decided before), its event, tax document and receipt, and settles the attempt.
 * Under the attempt's row lock an answer already recorded is not recorded twice.
 */
@injectable()
export class RecordPaymentAttempt {
  constructor(
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(ChargeBook) private readonly book: ChargeBook,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(attemptId: string, answer: AuthorizeOutcome | typeof NOT_CHARGED): Promise<RecordedPayment> {
    if (!this.uow.active()) throw new Error('a payment is recorded inside the transaction of what it pays for');
    const attempt = (await this.attempts.findForUpdate(attemptId))!;
    const request = attempt.replay();
    const settled = attempt.outcome();
    if (settled) return { outcome: settled, recorded: false, payment: request };
    const now = this.clock.now();
    if (answer.status === 'requires_action') {
      attempt.challenged(answer.challengeId, now);
    } else if (answer.status === 'not_charged') {
      attempt.failed('processing_error', null, now);
    } else {
      const charge = await this.book.record(request.scope, chargeOf(request), answer, now);
      if (charge.status === 'failed') attempt.failed(charge.failureCode!, charge.id, now);
      else attempt.succeeded(charge.id, now);
    }
    await this.attempts.save(attempt);
    return { outcome: attempt.outcome()!, recorded: true, payment: request };
  }
}

function chargeOf(request: AttemptRequest): NewCharge {
  return {
    customerId: request.customerId,
    amount: request.amount,
    currency: request.currency,
    captureMethod: request.captureMethod,
    checkoutSessionId: request.sessionId,
    lineItems: request.lineItems,
    subscriptionId: request.subscription?.id ?? null,
    subscriptionPeriod: request.subscription?.period ?? null,
    paymentMethod: {
      type: request.source.type === 'wallet' || request.source.type === 'bit_page' ? 'wallet' : 'card',
      wallet: request.source.type === 'wallet' ? request.source.wallet : request.source.type === 'bit_page' ? 'bit' : null,
      card: UNKNOWN_CARD,
    },
    installments: request.installments,
    metadata: request.metadata ?? {},
    createDocument: request.createDocument,
    documentLines: request.documentLines,
  };
}
