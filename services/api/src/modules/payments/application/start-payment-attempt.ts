import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { tokenRefused } from '../domain/card-token';
import { type NewAttemptRequest, PaymentAttempt } from '../domain/payment-attempt';
import { PAYMENTS } from '../payments.tokens';
import { CardTokens } from './card-tokens';
import { MoneyGate } from './money-gate';
import type { PaymentAttemptRepository } from './ports/payment-repositories';

export type CheckoutPayment = NewAttemptRequest;

/** The attempt a payment goes on with: a fresh one this caller runs, or one already in flight or done. */
export interface AttemptTicket {
  attemptId: string;
  fresh: boolean;
}

/**
 * Step one of paying a checkout session: the attempt and its idempotency key, committed before any
 * processor call. A session has one live attempt (a partial unique index); a second confirm gets the
 * one in flight. An attempt waiting for 3-D Secure is abandoned when the shopper pays again. A card or
 * wallet token is taken by the attempt it pays (single use, bound to this session), in the same transaction.
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
    await this.gate.processorFor(payment.scope);
    const now = this.clock.now();
    const live = await this.attempts.findLive(payment.sessionId);
    if (live?.status === 'succeeded' || live?.status === 'pending') return { attemptId: live.id, fresh: false };
    if (live?.status === 'requires_action') {
      live.abandon(now);
      await this.attempts.save(live);
    }
    const attempt = PaymentAttempt.start(payment, now);
    const source = payment.source;
    if (source.type !== 'saved_card') {
      const taken = await this.tokens.take(payment.scope, source.token, { sessionId: payment.sessionId }, attempt.id);
      if (typeof taken === 'object') attempt.paysWith(taken.processorToken);
      else {
        // A confirm racing this one took the token for its attempt: join that attempt.
        const racing = await this.attempts.findLive(payment.sessionId);
        if (racing?.status === 'pending' || racing?.status === 'succeeded') return { attemptId: racing.id, fresh: false };
        throw tokenRefused(taken, 'payment_method.token');
      }
    }
    if (await this.attempts.add(attempt)) return { attemptId: attempt.id, fresh: true };
    return { attemptId: (await this.attempts.findLive(payment.sessionId))!.id, fresh: false };
  }
}
