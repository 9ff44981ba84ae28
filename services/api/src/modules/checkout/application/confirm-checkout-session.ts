import { inject, injectable } from 'inversify';
import type { Schemas } from '@kupa/sdk';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError, NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { GetAccount } from '../../accounts';
import type { Pricing } from '../../discounts';
import { CreatePaymentMethod } from '../../payments';
import { GetPaymentMethod } from '../../payments';
import { StartSubscription } from '../../subscriptions';
import { type CheckoutPayment, type PaymentOutcome, PayCheckout } from '../../payments';
import { failureMessage } from '../../payments';
import { type CheckoutSession, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import { loadPendingSession } from './apply-checkout-discount';
import { CompleteCheckoutSession } from './complete-checkout-session';
import { ExpireCheckoutSession } from './expire-checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { amounts, renewalDiscount, SessionView } from './session-view';

export type ConfirmPaymentMethod = Schemas['ConfirmPaymentMethod'];
export type ConfirmResult = Schemas['ConfirmResult'];

/**
 * The shopper pays (public, keyed by the session id) with a card token, a saved card or a wallet token.
 * The answer is `succeeded` with the way back, `requires_action` with a 3-D Secure challenge, or `failed`
 * with a reason the shopper can read while the session stays open for another card.
 */
@injectable()
export class ConfirmCheckoutSession {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(ExpireCheckoutSession) private readonly expire: ExpireCheckoutSession,
    @inject(CompleteCheckoutSession) private readonly complete: CompleteCheckoutSession,
    @inject(SessionView) private readonly view: SessionView,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(GetPaymentMethod) private readonly getPaymentMethod: GetPaymentMethod,
    @inject(PayCheckout) private readonly pay: PayCheckout,
    @inject(CreatePaymentMethod) private readonly savePaymentMethod: CreatePaymentMethod,
    @inject(StartSubscription) private readonly startSubscription: StartSubscription,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, method: ConfirmPaymentMethod, installments?: number): Promise<ConfirmResult> {
    const session = await this.sessions.findByIdUnscoped(sessionIdFromPath(sessionId));
    // A repeated confirm of a paid session answers as the first did.
    if (session?.status === 'completed') return { status: 'succeeded', redirect_url: session.redirectUrl() };
    const pending = await loadPendingSession(this.sessions, this.expire, sessionId, this.clock.now());
    if (pending.isRecurring()) return this.subscribe(pending, method);
    const source = await this.source(pending, method);
    if (installments !== undefined && (pending.installmentsMax === null || installments > pending.installmentsMax)) {
      throw new ValidationError('installments_not_allowed', `This checkout offers ${pending.installmentsMax ? `up to ${pending.installmentsMax}` : 'no'} installments`, 'installments');
    }

    const pricing = await this.view.price(pending);
    const due = amounts(pending, pricing).amount_due_now;
    if (due === 0) {
      await this.uow.run(() => this.complete.execute(pending.id, null, pricing));
      return { status: 'succeeded', redirect_url: pending.redirectUrl() };
    }
    const outcome = await this.pay.execute(this.payment(pending, pricing, due, source, installments ?? null), (charge) =>
      this.complete.execute(pending.id, charge.id, pricing).then(() => undefined),
    );
    return result(pending, outcome);
  }

  /**
   * A recurring or mixed checkout: the card is saved first (renewals charge it), then one payment covers
   * the one-time items and, unless there is a trial, the plan's first period; the subscription starts in
   * that payment's transaction. With nothing due now the subscription simply starts.
   */
  private async subscribe(session: CheckoutSession, method: ConfirmPaymentMethod): Promise<ConfirmResult> {
    if (method.type === 'wallet') throw new ValidationError('wallet_not_allowed', 'A subscription needs a card that can be saved', 'payment_method');
    let card: { id: string; processorRef: string };
    if (method.type === 'saved_card') {
      const source = await this.source(session, method);
      card = { id: (source as { paymentMethod: string }).paymentMethod, processorRef: (source as { processorRef: string }).processorRef };
    } else {
      try {
        card = await this.savePaymentMethod.execute(session, { customer: session.customerId, token: method.token, idempotencyKey: `save_${session.id}_${method.token}` });
      } catch (error) {
        if (error instanceof DomainError && error.code === 'card_declined') return result(session, { status: 'failed', code: 'card_declined' });
        throw error;
      }
    }
    const plan = session.plan!;
    const pricing = await this.view.price(session);
    const due = amounts(session, pricing).amount_due_now;
    const start = () =>
      this.startSubscription.execute(session, {
        customerId: session.customerId,
        paymentMethodId: card.id,
        plan: { price: plan.price, product: plan.product, name: plan.name, unitAmount: plan.unitAmount, currency: session.currency, interval: plan.interval, trialPeriodDays: plan.trialPeriodDays },
        renewalDiscount: renewalDiscount(pricing),
      });
    if (due === 0) {
      await this.uow.run(async () => {
        const subscription = await start();
        await this.complete.execute(session.id, null, pricing, subscription.id);
      });
      return { status: 'succeeded', redirect_url: session.redirectUrl() };
    }
    const outcome = await this.pay.execute(
      this.payment(session, pricing, due, { type: 'saved_card', paymentMethod: card.id, processorRef: card.processorRef }, null),
      async (charge) => {
        const subscription = await start();
        await this.complete.execute(session.id, charge.id, pricing, subscription.id);
        return { subscriptionId: subscription.id, subscriptionPeriod: session.inTrial() ? null : 0 };
      },
    );
    return result(session, outcome);
  }

  private async source(session: CheckoutSession, method: ConfirmPaymentMethod): Promise<CheckoutPayment['source']> {
    const manual = session.captureMethod === 'manual';
    if (method.type === 'card') return { type: 'card', token: method.token };
    if (method.type === 'wallet') {
      if (manual) throw new ValidationError('wallet_not_allowed', 'A J5 hold needs a new card', 'payment_method');
      if (!(await this.getAccount.execute(session.accountId)).walletsEnabled) throw new ValidationError('wallet_not_allowed', 'Wallets are not enabled for this checkout', 'payment_method');
      return { type: 'wallet', wallet: method.wallet, token: method.token };
    }
    if (manual) throw new ValidationError('saved_card_not_allowed', 'A J5 hold needs a new card', 'payment_method');
    const saved = await this.getPaymentMethod.execute(session, method.payment_method).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!saved || saved.customerId !== session.customerId) {
      throw new ValidationError('payment_method_not_found', `No such saved card: '${method.payment_method}'`, 'payment_method.payment_method');
    }
    return { type: 'saved_card', paymentMethod: saved.id, processorRef: saved.processorRef };
  }

  private payment(session: CheckoutSession, pricing: Pricing, amount: number, source: CheckoutPayment['source'], installments: number | null): CheckoutPayment {
    const lines = session.lineItems.map((line) => ({
      name: line.name,
      amount_agorot: line.amountAgorot,
      quantity: line.quantity,
      description: line.description,
      image_url: line.imageUrl,
      price: line.price,
      product: line.product,
    }));
    return {
      scope: session,
      sessionId: session.id,
      customerId: session.customerId,
      amount,
      currency: session.currency,
      captureMethod: session.captureMethod,
      createDocument: session.createDocument,
      lineItems: session.kind === 'cart' || session.kind === 'mixed' ? lines : null,
      documentLines: documentLines(session, pricing),
      installments,
      source,
    };
  }
}

/** What the tax document lists for what is charged now: the lines, the plan unless in trial, and the discounts on them. */
function documentLines(session: CheckoutSession, pricing: Pricing) {
  const charged = session.plan && !session.inTrial() ? [{ name: session.plan.name, quantity: 1, amount: session.plan.unitAmount }] : [];
  const lines = [...session.lineItems.map((line) => ({ name: line.name, quantity: line.quantity, amount: line.amountAgorot })), ...charged];
  const discounts = pricing.linked
    .map(({ rule, amount, planAmount }) => ({ name: rule.name, amount: amount - (session.inTrial() ? planAmount : 0) }))
    .filter((discount) => discount.amount > 0);
  return [
    ...lines.map((line) => ({ description: line.name, quantity: line.quantity, unit_amount: line.amount, amount: line.amount * line.quantity })),
    ...discounts.map((discount) => ({ description: discount.name, quantity: 1, unit_amount: -discount.amount, amount: -discount.amount })),
  ];
}

export function result(session: CheckoutSession, outcome: PaymentOutcome): ConfirmResult {
  if (outcome.status === 'succeeded') return { status: 'succeeded', redirect_url: session.redirectUrl() };
  if (outcome.status === 'requires_action') return { status: 'requires_action', next_action: { type: 'three_d_secure', challenge_id: outcome.challengeId } };
  const code = (['card_declined', 'insufficient_funds', 'authentication_failed'] as const).find((known) => known === outcome.code) ?? 'processing_error';
  return { status: 'failed', failure: { code, message: failureMessage(code, session.language()) } };
}
