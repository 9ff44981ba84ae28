import { inject, injectable } from 'inversify';
import { DomainError, NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { GetAccount } from '../../accounts';
import { type CheckoutPayment, CreatePaymentMethod, failureMessage, GetPaymentMethod, StartPaymentAttempt } from '../../payments';
import { type CheckoutSession, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import { CompleteCheckoutSession } from './complete-checkout-session';
import { documentLines } from './document-lines';
import { LoadPendingSession } from './load-pending-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from './session-view';
import type { ConfirmOutcome } from './results';
import { paid, SettleCheckoutPayment } from './settle-checkout-payment';

/** How the shopper pays: a card token from the page, a saved card, or a wallet token. */
export type PaymentChoice =
  | { type: 'card'; token: string }
  | { type: 'saved_card'; paymentMethod: string }
  | { type: 'wallet'; wallet: 'apple_pay' | 'google_pay' | 'bit'; token: string };

type Source = CheckoutPayment['source'];

/**
 * The shopper pays (public, keyed by the session id). A money flow, read top to bottom: the card is
 * chosen (and for a subscription saved, so renewals can charge it), the amount due now is priced, the
 * ids the payment links to are decided, the attempt is committed, and `SettleCheckoutPayment` calls the
 * processor and records the outcome. The answer is `succeeded` with the way back, `requires_action`
 * with a 3-D Secure challenge, or `failed` with a reason the shopper can read while the session stays
 * open for another card.
 */
@injectable()
export class ConfirmCheckoutSession {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(LoadPendingSession) private readonly loadPending: LoadPendingSession,
    @inject(SessionView) private readonly view: SessionView,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(GetPaymentMethod) private readonly getPaymentMethod: GetPaymentMethod,
    @inject(CreatePaymentMethod) private readonly savePaymentMethod: CreatePaymentMethod,
    @inject(StartPaymentAttempt) private readonly startAttempt: StartPaymentAttempt,
    @inject(SettleCheckoutPayment) private readonly settle: SettleCheckoutPayment,
    @inject(CompleteCheckoutSession) private readonly complete: CompleteCheckoutSession,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(sessionId: string, choice: PaymentChoice, installments?: number): Promise<ConfirmOutcome> {
    const found = await this.sessions.findByIdUnscoped(sessionIdFromPath(sessionId));
    // A repeated confirm of a paid session answers as the first did.
    if (found?.status === 'completed') return paid(found);
    const session = await this.loadPending.execute(sessionId);
    const source = session.isRecurring() ? await this.saveCard(session, choice) : await this.source(session, choice);
    if (source === 'declined') return { status: 'failed', failure: { code: 'card_declined', message: failureMessage('card_declined', session.language()) } };
    const count = session.installmentsFor(installments);

    const pricing = await this.view.price(session);
    const due = session.amountDueNow(pricing);
    const subscription = session.isRecurring() && source.type === 'saved_card' ? { id: newId('sub'), paymentMethodId: source.paymentMethod } : null;
    if (due === 0) {
      await this.uow.run(() => this.complete.execute(session.id, { chargeId: null, pricing, subscription }));
      return paid(session);
    }
    const ticket = await this.startAttempt.execute({
      scope: { accountId: session.accountId, livemode: session.livemode },
      sessionId: session.id,
      customerId: session.customerId,
      amount: due,
      currency: session.currency,
      captureMethod: session.captureMethod,
      createDocument: session.createDocument,
      lineItems: session.kind === 'cart' || session.kind === 'mixed' ? session.lineItems : null,
      documentLines: documentLines(session, pricing),
      installments: count,
      source,
      subscription: subscription && { id: subscription.id, period: session.inTrial() ? null : 0 },
    });
    return this.settle.execute(session, pricing, ticket);
  }

  /** A subscription needs a card renewals can charge: a saved one, or the new card saved first. */
  private async saveCard(session: CheckoutSession, choice: PaymentChoice): Promise<Source | 'declined'> {
    if (choice.type === 'wallet') throw new ValidationError('wallet_not_allowed', 'A subscription needs a card that can be saved', 'payment_method');
    if (choice.type === 'saved_card') return this.source(session, choice);
    try {
      const card = await this.savePaymentMethod.execute(session, { customer: session.customerId, token: choice.token, idempotencyKey: `save_${session.id}_${choice.token}` });
      return { type: 'saved_card', paymentMethod: card.id, processorRef: card.processorRef };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'card_declined') return 'declined';
      throw error;
    }
  }

  private async source(session: CheckoutSession, choice: PaymentChoice): Promise<Source> {
    const manual = session.captureMethod === 'manual';
    if (choice.type === 'card') return choice;
    if (choice.type === 'wallet') {
      if (manual) throw new ValidationError('wallet_not_allowed', 'A J5 hold needs a new card', 'payment_method');
      if (!(await this.getAccount.execute(session.accountId)).walletsEnabled) throw new ValidationError('wallet_not_allowed', 'Wallets are not enabled for this checkout', 'payment_method');
      return choice;
    }
    if (manual) throw new ValidationError('saved_card_not_allowed', 'A J5 hold needs a new card', 'payment_method');
    const saved = await this.getPaymentMethod.execute(session, choice.paymentMethod).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!saved || saved.customerId !== session.customerId) {
      throw new ValidationError('payment_method_not_found', `No such saved card: '${choice.paymentMethod}'`, 'payment_method.payment_method');
    }
    return { type: 'saved_card', paymentMethod: saved.id, processorRef: saved.processorRef };
  }
}

