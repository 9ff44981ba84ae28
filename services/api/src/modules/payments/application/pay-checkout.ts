import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError, ValidationError } from '../../../shared/domain/domain-error';
import type { Currency } from '../../../shared/domain/money';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { Charge, type ChargeLine, type DocumentLineInput, type NewCharge } from '../domain/charge';
import { type PaymentSource, PaymentAttempt } from '../domain/payment-attempt';
import { PAYMENTS, type PaymentSettings } from '../payments.tokens';
import { ChargeEffects } from './charge-effects';
import { failureMessage } from './failure-messages';
import { MoneyGate } from './money-gate';
import type { AuthorizeOutcome, CardDetails, CardProcessor } from './ports/card-processor';
import type { ChargeRepository, PaymentAttemptRepository } from './ports/payment-repositories';

export interface CheckoutPayment {
  scope: Scope;
  sessionId: string;
  customerId: string;
  amount: number;
  currency: Currency;
  captureMethod: 'automatic' | 'manual';
  createDocument: boolean;
  /** The cart lines the charge carries (cart and mixed sessions). */
  lineItems: ChargeLine[] | null;
  documentLines: DocumentLineInput[];
  installments: number | null;
  source: PaymentSource;
}

export type PaymentOutcome =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'requires_action'; challengeId: string }
  | { status: 'failed'; code: string };

/**
 * Runs inside the transaction that records a successful charge (completes the checkout session); may
 * answer the subscription the charge pays, which the charge then carries.
 */
export type OnCharged = (charge: Charge) => Promise<void | { subscriptionId: string; subscriptionPeriod: number | null }>;

interface AttemptRequest {
  source: PaymentSource;
  installments: number | null;
  payment: CheckoutPayment;
  challengeResult?: 'authenticated' | 'failed';
}

const UNKNOWN_CARD: CardDetails = { brand: 'unknown', last4: '0000', expMonth: 1, expYear: 2000, fingerprint: '' };
const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 30_000;

function outcomeOf(attempt: PaymentAttempt): PaymentOutcome | undefined {
  if (attempt.status === 'succeeded') return { status: 'succeeded', chargeId: attempt.chargeId! };
  if (attempt.status === 'failed') return { status: 'failed', code: attempt.failureCode! };
  if (attempt.status === 'requires_action') return { status: 'requires_action', challengeId: attempt.challengeId! };
  return undefined;
}

/**
 * Pays a checkout session so that money moves once: the attempt and its idempotency key are committed
 * first, then the processor is called, then the result is recorded with the charge, its event, document
 * and receipt in one transaction. A concurrent confirm of the same session waits for the attempt in
 * flight and answers the same; an attempt orphaned by a crash is finished by the next caller through
 * its idempotency key, which makes the processor replay its answer instead of charging again.
 */
@injectable()
export class PayCheckout {
  constructor(
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(ChargeEffects) private readonly effects: ChargeEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(payment: CheckoutPayment, onCharged: OnCharged): Promise<PaymentOutcome> {
    const processor = await this.gate.processorFor(payment.scope);
    const now = this.clock.now();
    const started = await this.uow.run(async () => {
      const live = await this.attempts.findLive(payment.sessionId);
      if (live?.status === 'succeeded' || live?.status === 'pending') return live;
      if (live?.status === 'requires_action') {
        // The shopper left the 3-D Secure challenge and pays again.
        live.abandon(now);
        await this.attempts.save(live);
      }
      const attempt = PaymentAttempt.start(payment.sessionId, payment.amount, payment.source, payment.installments, now);
      attempt.request = { source: payment.source, installments: payment.installments, payment } satisfies AttemptRequest;
      if (!(await this.attempts.add(attempt))) return (await this.attempts.findLive(payment.sessionId))!;
      return { fresh: attempt };
    });
    if (!('fresh' in started)) return this.awaitSettled(started, processor, onCharged);

    const outcome = await this.authorize(processor, started.fresh);
    this.fault('after_processor_call');
    return this.settle(started.fresh.id, outcome, onCharged);
  }

  /** The shopper's answer to the 3-D Secure challenge of the session's attempt. */
  async continueChallenge(scope: Scope, sessionId: string, challengeId: string, result: 'authenticated' | 'failed', onCharged: OnCharged): Promise<PaymentOutcome> {
    const processor = await this.gate.processorFor(scope);
    const attempt = await this.uow.run(async () => {
      const live = await this.attempts.findLive(sessionId);
      if (live?.status === 'succeeded' || (live?.status === 'pending' && live.challengeId === challengeId)) return live;
      if (!live || live.status !== 'requires_action' || live.challengeId !== challengeId) {
        throw new ValidationError('challenge_not_found', 'No such authentication challenge for this checkout', 'challenge_id');
      }
      const locked = (await this.attempts.findForUpdate(live.id))!;
      locked.resume(this.clock.now());
      locked.request = { ...(locked.request as unknown as AttemptRequest), challengeResult: result };
      await this.attempts.save(locked);
      return { fresh: locked };
    });
    if (!('fresh' in attempt)) return this.awaitSettled(attempt, processor, onCharged);
    const outcome = await this.authorize(processor, attempt.fresh);
    this.fault('after_processor_call');
    return this.settle(attempt.fresh.id, outcome, onCharged);
  }

  /** The processor call of an attempt, from what the attempt recorded; repeatable through its key. */
  private authorize(processor: CardProcessor, attempt: PaymentAttempt): Promise<AuthorizeOutcome> {
    const request = attempt.request as unknown as AttemptRequest;
    if (attempt.challengeId && request.challengeResult) {
      return processor.completeChallenge({ idempotencyKey: attempt.challengeKey(), challengeId: attempt.challengeId, result: request.challengeResult });
    }
    const { source, payment } = request;
    return processor.authorize({
      idempotencyKey: attempt.idempotencyKey,
      source: source.type === 'saved_card' ? { paymentMethodRef: source.processorRef } : { token: source.token },
      amount: payment.amount,
      currency: payment.currency,
      capture: payment.captureMethod === 'automatic',
      installments: payment.installments,
      merchantInitiated: false,
      reference: payment.sessionId,
    });
  }

  /** Waits for an attempt another request is running; finishes it if that request died. */
  private async awaitSettled(attempt: PaymentAttempt, processor: CardProcessor, onCharged: OnCharged): Promise<PaymentOutcome> {
    for (let waited = 0; waited < WAIT_LIMIT_MS; waited += WAIT_STEP_MS) {
      const current = (await this.uow.run(() => this.attempts.findForUpdate(attempt.id)))!;
      const done = outcomeOf(current);
      if (done) return done;
      if (this.clock.now().getTime() - current.updatedAt.getTime() >= this.settings.attemptStaleMs) {
        return this.settle(current.id, await this.authorize(processor, current), onCharged);
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
    throw new DomainError('conflict', 'payment_in_progress', 'A payment for this checkout is still being processed');
  }

  private settle(attemptId: string, outcome: AuthorizeOutcome, onCharged: OnCharged): Promise<PaymentOutcome> {
    return this.uow.run(async () => {
      const attempt = (await this.attempts.findForUpdate(attemptId))!;
      const already = outcomeOf(attempt);
      if (already) return already;
      const now = this.clock.now();
      const { payment } = attempt.request as unknown as AttemptRequest;
      const newCharge = (card: CardDetails | null): NewCharge => ({
        customerId: payment.customerId,
        amount: payment.amount,
        currency: payment.currency,
        captureMethod: payment.captureMethod,
        checkoutSessionId: payment.sessionId,
        lineItems: payment.lineItems,
        subscriptionId: null,
        paymentMethod: {
          type: payment.source.type === 'wallet' ? 'wallet' : 'card',
          wallet: payment.source.type === 'wallet' ? payment.source.wallet : null,
          card: (({ fingerprint: _, ...shown }) => shown)(card ?? UNKNOWN_CARD),
        },
        installments: payment.installments,
        createDocument: payment.createDocument,
        documentLines: payment.documentLines,
      });

      if (outcome.status === 'requires_action') {
        attempt.challenged(outcome.challengeId, now);
        await this.attempts.save(attempt);
        return { status: 'requires_action', challengeId: outcome.challengeId };
      }
      if (outcome.status === 'declined') {
        const charge = Charge.declined(payment.scope, newCharge(outcome.card), { code: outcome.code, message: failureMessage(outcome.code, 'en') }, now);
        await this.charges.add(charge);
        await this.effects.event(charge, 'charge.failed');
        attempt.failed(outcome.code, charge.id, now);
        await this.attempts.save(attempt);
        return { status: 'failed', code: outcome.code };
      }
      const charge = Charge.authorized(payment.scope, newCharge(outcome.card), outcome.processorRef, now);
      await this.charges.add(charge);
      const link = await onCharged(charge);
      if (link) {
        charge.subscriptionId = link.subscriptionId;
        charge.subscriptionPeriod = link.subscriptionPeriod;
        await this.charges.save(charge);
      }
      if (charge.status === 'succeeded') {
        await this.effects.moneyTaken(charge);
        await this.effects.event(charge, 'charge.succeeded');
      } else {
        await this.effects.event(charge, 'charge.authorized');
      }
      attempt.succeeded(charge.id, now);
      await this.attempts.save(attempt);
      return { status: 'succeeded', chargeId: charge.id };
    });
  }

  /** A crash point for tests of recovery, enabled only through TEST_FAULTS. */
  private fault(point: string): void {
    if (this.settings.faults.has(point)) throw new Error(`injected fault: ${point}`);
  }
}
