import { inject, injectable } from 'inversify';
import { DomainError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { RedeemDiscounts } from '../../discounts';
import {
  AttemptsInFlight,
  type BitPageLinks,
  CheckCardInFields,
  failureMessage,
  paidWithOf,
  PrepareHostedCharge,
  StartPaymentAttempt,
} from '../../payments';
import { CheckoutPlanChanges } from '../../subscriptions';
import { type CheckoutSession, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT, type CheckoutSettings } from '../checkout.tokens';
import { ChoosePaymentSource, type PaymentChoice } from './choose-payment-source';
import { LoadPendingSession } from './load-pending-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionPricing } from './session-pricing';
import { StartFreeCheckout } from './start-free-checkout';
import type { ConfirmOutcome } from './results';
import { paid, SettleCheckoutPayment } from './settle-checkout-payment';

/**
 * The shopper pays (public, keyed by the session id). A money flow, read top to bottom: the card is
 * chosen (a subscription's new card is saved so renewals can charge it), the amount due now is priced, the
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
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
    @inject(ChoosePaymentSource) private readonly chooseSource: ChoosePaymentSource,
    @inject(StartPaymentAttempt) private readonly startAttempt: StartPaymentAttempt,
    @inject(AttemptsInFlight) private readonly inFlight: AttemptsInFlight,
    @inject(SettleCheckoutPayment) private readonly settle: SettleCheckoutPayment,
    @inject(RedeemDiscounts) private readonly redeem: RedeemDiscounts,
    @inject(CheckoutPlanChanges) private readonly planChanges: CheckoutPlanChanges,
    @inject(PrepareHostedCharge) private readonly prepareHosted: PrepareHostedCharge,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CHECKOUT.Settings) private readonly settings: CheckoutSettings,
    @inject(CheckCardInFields) private readonly checkCard: CheckCardInFields,
    @inject(StartFreeCheckout) private readonly startFree: StartFreeCheckout,
  ) {}

  /** `expectedAmount`: the amount due the shopper was shown; if it changed since, nothing is charged. */
  async execute(
    sessionId: string,
    choice: PaymentChoice,
    { installments, expectedAmount }: { installments?: number; expectedAmount?: number } = {},
  ): Promise<ConfirmOutcome> {
    const found = await this.sessions.findByIdUnscoped(sessionIdFromPath(sessionId));
    // A repeated confirm of a paid session answers as the first did.
    if (found?.status === 'completed') return paid(found);
    // A payment the processor's own fields or Bit page may be making for this session (a double click,
    // another tab, a reload): the same payment again gets its charge (or its Bit page) again; any other is
    // let through only once that one is read back from the processor, completing the session if it was
    // paid, ending it if not (a Bit approval that comes after that is refunded: `RefundLatePayment`).
    const hosted = found && (await this.inFlight.hostedOf(found.id));
    if (hosted) {
      const pricing = await this.sessionPricing.price(found);
      const same = hosted.replay();
      if (
        choice.type === same.source.type &&
        same.amount === found.bill(pricing).total &&
        same.installments === (found.isRecurring() ? null : found.installmentsFor(installments))
      )
        return {
          status: 'requires_action',
          challengeId: hosted.id,
          hosted: await this.prepareHosted.execute(hosted, this.bitLinks(found, hosted.id)),
        };
      const ended = await this.settle.execute(found, pricing, { attemptId: hosted.id, fresh: true, attempt: hosted }, NOTHING_REPORTED);
      if (ended.status === 'succeeded') return ended;
    }
    // A confirm while a payment is in flight (a double click, a retry after a lost answer, even past the
    // session's time) joins it if it pays with the same, and finishes it if the request running it died;
    // with another card it answers 409 `payment_in_progress`.
    const inFlight = found && (await this.inFlight.joinable(found.id, paidWithOf(choice)));
    if (inFlight) return this.settle.execute(found, await this.sessionPricing.price(found), { attemptId: inFlight, fresh: false });
    const session = await this.loadPending.execute(sessionId);
    const pricing = await this.sessionPricing.price(session);
    const bill = session.bill(pricing);
    const due = bill.total;
    if (expectedAmount !== undefined && expectedAmount !== due) {
      throw new DomainError(
        'amount_changed',
        `The amount due is now ${due} agorot, not ${expectedAmount}: a discount ran out or ended. Nothing was charged; show the new total and confirm again`,
      );
    }
    // A subscription's payment has no installments; the field is ignored for it.
    const count = session.isRecurring() ? null : session.installmentsFor(installments);
    const source = await this.chooseSource.execute(session, choice, { due, installments: count });
    if (source === 'declined')
      return { status: 'failed', failure: { code: 'card_declined', message: failureMessage('card_declined', session.language()) } };

    const scope = { accountId: session.accountId, livemode: session.livemode };
    // A new card in the processor's fields, charged nothing now: checked there, then saved (`CompleteHostedCharge`).
    if (source === 'card_check') {
      const check = await this.checkCard.prepare(scope, session.id);
      return { status: 'requires_action', challengeId: check.challengeId, hosted: { type: 'hosted_fields_charge', charge: check.charge } };
    }
    if (due === 0) {
      // Nothing is charged now: the card was saved when it was chosen.
      await this.startFree.execute(session, pricing, source.type === 'saved_card' ? source.paymentMethod : null);
      return paid(session);
    }
    // The subscription the payment starts; a new card it pays with is saved by the attempt once it has won.
    const subscriptionId = session.isRecurring() ? newId('sub') : null;
    // The attempt and the redemptions of its discounts commit together: a discount that ran out since
    // the shopper saw the total refuses the payment instead of charging another amount.
    const ticket = await this.uow.run(async () => {
      const started = await this.startAttempt.execute({
        scope,
        sessionId: session.id,
        customerId: session.customerId,
        currency: session.currency,
        captureMethod: session.captureMethod,
        createDocument: session.createDocument,
        lineItems: session.kind === 'cart' || session.kind === 'mixed' ? session.lineItems : null,
        bill,
        installments: count,
        metadata: session.metadata,
        source,
        subscription: session.planChange
          ? { id: session.planChange.subscriptionId, period: null }
          : subscriptionId === null
            ? null
            : { id: subscriptionId, period: session.inTrial() ? null : 0 },
      });
      if (started.fresh) await this.redeem.hold(scope, session.id, pricing);
      if (started.fresh && session.planChange)
        await this.planChanges.hold(session.planChange.subscriptionId, session.planChange.change, started.attemptId);
      return started;
    });
    if (source.type === 'hosted_fields' || source.type === 'bit_page')
      return {
        status: 'requires_action',
        challengeId: ticket.attemptId,
        hosted: await this.prepareHosted.execute(ticket, this.bitLinks(session, ticket.attemptId)),
      };
    return this.settle.execute(session, pricing, ticket);
  }

  /**
   * Where a Bit page sends the shopper back (a page of the checkout's host, inside the frame, that tells
   * the checkout page) and its notification (the API).
   */
  private bitLinks(session: CheckoutSession, attemptId: string): BitPageLinks {
    const back = (result: string) =>
      `${this.settings.checkoutHostUrl}/checkout/${session.id}/bit-return?challenge_id=${attemptId}&result=${result}`;
    return {
      description: session.lineItems[0]?.name ?? session.plan?.name ?? session.id,
      language: session.language(),
      notifyUrl: `${this.settings.apiBaseUrl}/v1/checkout_sessions/${session.id}/bit_notification/${attemptId}`,
      successUrl: back('success'),
      failureUrl: back('failure'),
    };
  }
}

/** Ends a payment of the processor's fields that the page never reported: found by its key, or none was made. */
const NOTHING_REPORTED = { transactionId: null, shown: null };
