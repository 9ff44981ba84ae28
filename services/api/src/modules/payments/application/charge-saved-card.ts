import { inject, injectable } from 'inversify';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { Scope } from '../../../shared/domain/scope';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { Charge, type DocumentLineInput, type NewCharge } from '../domain/charge';
import { PAYMENTS } from '../payments.tokens';
import { ChargeEffects } from './charge-effects';
import { failureMessage } from './failure-messages';
import { MoneyGate } from './money-gate';
import type { AuthorizeOutcome } from './ports/card-processor';
import type { ChargeRepository, PaymentMethodRepository } from './ports/payment-repositories';

export interface SubscriptionCharge {
  scope: Scope;
  customerId: string;
  paymentMethodId: string;
  subscriptionId: string;
  period: number;
  attempt: number;
  amount: number;
  /** Renewals are merchant-initiated; the first period is the customer's own payment. */
  merchantInitiated: boolean;
  documentLines: DocumentLineInput[];
  /** When the charge happens (a test clock's time for its customers). */
  at: Date;
}

/** Thrown by `onSettled` when the subscription was already settled for this step: the charge is not kept. */
export class AlreadySettled extends Error {}

/**
 * Charges a saved card for one subscription period. The idempotency key is (subscription, period,
 * attempt), so a repeated run reaches the processor's recorded answer, and the unique index on
 * (subscription, period) keeps a second paid charge for one period out of the books. `onSettled` runs in
 * the transaction that records the charge.
 */
@injectable()
export class ChargeSavedCard {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(ChargeEffects) private readonly effects: ChargeEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(request: SubscriptionCharge, onSettled: (charge: Charge) => Promise<void>): Promise<Charge | null> {
    const processor = await this.gate.processorFor(request.scope);
    const method = await this.methods.findById(request.scope, request.paymentMethodId);
    const outcome: AuthorizeOutcome = method?.customerId
      ? await processor.authorize({
          idempotencyKey: `sub_${request.subscriptionId}_${request.period}_${request.attempt}`,
          source: { paymentMethodRef: method.processorRef },
          amount: request.amount,
          currency: 'ils',
          capture: true,
          installments: null,
          merchantInitiated: request.merchantInitiated,
          reference: `${request.subscriptionId}:${request.period}`,
        })
      : { status: 'declined', code: 'card_declined', card: null };
    const card = outcome.status === 'declined' && !outcome.card ? null : outcome.card;
    const details: NewCharge = {
      customerId: request.customerId,
      amount: request.amount,
      currency: 'ils',
      captureMethod: 'automatic',
      checkoutSessionId: null,
      lineItems: null,
      subscriptionId: request.subscriptionId,
      subscriptionPeriod: request.period,
      paymentMethod: {
        type: 'card',
        wallet: null,
        card: card ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : method ? method.card() : { brand: 'unknown', last4: '0000', expMonth: 1, expYear: 2000 },
      },
      installments: null,
      createDocument: true,
      documentLines: request.documentLines,
    };
    try {
      return await this.uow.run(async () => {
        const { at } = request;
        if (outcome.status === 'authorized') {
          const charge = Charge.authorized(request.scope, details, outcome.processorRef, at);
          await this.charges.add(charge);
          await this.effects.moneyTaken(charge);
          await this.effects.event(charge, 'charge.succeeded');
          await onSettled(charge);
          return charge;
        }
        const code = outcome.status === 'declined' ? outcome.code : 'authentication_failed';
        const charge = Charge.declined(request.scope, { ...details, subscriptionPeriod: request.period }, { code, message: failureMessage(code, 'en') }, at);
        await this.charges.add(charge);
        await this.effects.event(charge, 'charge.failed');
        await onSettled(charge);
        return charge;
      });
    } catch (error) {
      if (error instanceof AlreadySettled || error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
  }
}
