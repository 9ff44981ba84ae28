import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import { tokenRefused } from '../../domain/card-token';
import { type NewAttemptRequest, paidWithOf, PaymentAttempt } from '../../domain/payment-attempt';
import { DomainError } from '../../../../shared/domain/domain-error';
import { PAYMENTS } from '../../payments.tokens';
import { CardTokens } from '../card-tokens';
import { MoneyGate } from './money-gate';
import type { PaymentAttemptRepository } from '../ports/payment-repositories';

export type CheckoutPayment = NewAttemptRequest;
/** What a confirm chose to pay with, as an attempt it may join records it. */
export { paidWithOf };

/** The attempt a payment goes on with: a fresh one this caller runs, or one already in flight or done. */
export interface AttemptTicket {
  attemptId: string;
  fresh: boolean;
  /** The attempt as this request wrote it, held so that settling it reads nothing back. */
  attempt?: PaymentAttempt;
}

/**
 * Step one of paying a checkout session: the attempt and its idempotency key, committed before any
 * processor call. A session has one live attempt (a partial unique index). A second confirm that chose
 * the same to pay with (a double click, a retry) gets the one in flight or waiting for 3-D Secure; one
 * with another card answers 409 `payment_in_progress` while an attempt is in flight, and abandons an
 * attempt waiting for 3-D Secure (the shopper pays again). A card or wallet token is taken by the attempt
 * it pays (single use, bound to this session), in the same transaction.
 */
@injectable()
export class StartPaymentAttempt {
  constructor(
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(CardTokens) private readonly tokens: CardTokens,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(payment: CheckoutPayment): Promise<AttemptTicket> {
    if (!this.uow.active()) throw new Error('a payment attempt starts inside the unit of work of what it pays for');
    // Not the processor itself (its credentials opened): the call looks it up outside this transaction, so
    // that no transaction waits for a second connection to open them.
    await this.gate.checkReady(payment.scope);
    const now = this.clock.now();
    const paidWith = paidWithOf(payment.source);
    const live = await this.attempts.findLive(payment.sessionId);
    const joined = live && joinAttempt(live, paidWith);
    if (joined) return joined;
    if (live?.status === 'requires_action') {
      live.abandon(now);
      await this.attempts.save(live);
    }
    const attempt = PaymentAttempt.start(payment, now);
    const source = payment.source;
    if (source.type === 'card' || source.type === 'wallet') {
      const taken = await this.tokens.take(payment.scope, source.token, { sessionId: payment.sessionId }, attempt.id);
      if (typeof taken === 'object') attempt.paysWith(taken.processorToken);
      else {
        // A confirm racing this one took the token for its attempt: join that attempt.
        const racing = await this.attempts.findLive(payment.sessionId);
        const joinedRace = racing && joinAttempt(racing, paidWith);
        if (joinedRace) return joinedRace;
        throw tokenRefused(taken, 'payment_method.token');
      }
    }
    if (await this.attempts.add(attempt)) return { attemptId: attempt.id, fresh: true, attempt };
    // Another confirm's attempt went live first.
    const winner = (await this.attempts.findLive(payment.sessionId))!;
    const ticket = joinAttempt(winner, paidWith);
    if (!ticket) throw paymentInProgress();
    return ticket;
  }
}

/**
 * The attempt a confirm that chose `paidWith` joins: the live one if it pays with the same; else null
 * when it waits for 3-D Secure (the shopper may pay with another card), or 409 `payment_in_progress`.
 */
function joinAttempt(live: PaymentAttempt, paidWith: string): AttemptTicket | null {
  if (live.paysWithSame(paidWith)) return { attemptId: live.id, fresh: false };
  if (live.status === 'requires_action') return null;
  throw paymentInProgress();
}

export function paymentInProgress(): DomainError {
  return new DomainError(
    'payment_in_progress',
    'A payment with another card is in progress for this checkout; wait for its outcome before paying again',
    'payment_method',
  );
}
