import { inject, injectable } from 'inversify';
import type { Schemas } from '@kupa/sdk';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError, NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { GetAccount } from '../../accounts/application/get-account';
import type { Pricing } from '../../discounts/application/price-checkout';
import { GetPaymentMethod } from '../../payments/application/get-payment-method';
import { type CheckoutPayment, type PaymentOutcome, PayCheckout } from '../../payments/application/pay-checkout';
import { failureMessage } from '../../payments/application/failure-messages';
import type { CheckoutSession } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import { loadPendingSession } from './apply-checkout-discount';
import { CompleteCheckoutSession } from './complete-checkout-session';
import { ExpireCheckoutSession } from './expire-checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { amounts, SessionView } from './session-view';

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
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, method: ConfirmPaymentMethod, installments?: number): Promise<ConfirmResult> {
    const session = await this.sessions.findByIdUnscoped(sessionId.replace(/^cs_/, 'co_'));
    // A repeated confirm of a paid session answers as the first did.
    if (session?.status === 'completed') return { status: 'succeeded', redirect_url: session.redirectUrl() };
    const pending = await loadPendingSession(this.sessions, this.expire, sessionId, this.clock.now());
    if (pending.isRecurring()) throw new DomainError('not_implemented', 'not_implemented', 'Paying subscription checkouts is not available yet');
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
      documentLines: [
        ...session.lineItems.map((line) => ({ description: line.name, quantity: line.quantity, unit_amount: line.amountAgorot, amount: line.amountAgorot * line.quantity })),
        ...pricing.summary.discount_lines.map((line) => ({ description: line.name, quantity: 1, unit_amount: line.amount_agorot, amount: line.amount_agorot })),
      ],
      installments,
      source,
    };
  }
}

export function result(session: CheckoutSession, outcome: PaymentOutcome): ConfirmResult {
  if (outcome.status === 'succeeded') return { status: 'succeeded', redirect_url: session.redirectUrl() };
  if (outcome.status === 'requires_action') return { status: 'requires_action', next_action: { type: 'three_d_secure', challenge_id: outcome.challengeId } };
  const code = (['card_declined', 'insufficient_funds', 'authentication_failed'] as const).find((known) => known === outcome.code) ?? 'processing_error';
  return { status: 'failed', failure: { code, message: failureMessage(code, session.language()) } };
}
