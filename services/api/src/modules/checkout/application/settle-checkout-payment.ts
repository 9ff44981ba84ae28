import { inject, injectable } from 'inversify';
import { DomainError } from '../../../shared/domain/domain-error';
import { type Pricing, RedeemDiscounts } from '../../discounts';
import {
  type AttemptTicket,
  DECLINE_CODES,
  type HostedReport,
  failureMessage,
  type PaymentOutcome,
  SettlePaymentAttempt,
} from '../../payments';
import { CheckoutPlanChanges } from '../../subscriptions';
import type { CheckoutSession } from '../domain/checkout-session';
import { CompleteCheckoutSession } from './complete-checkout-session';
import type { ConfirmOutcome } from './results';

/**
 * Steps two and three of paying a checkout, once its attempt is committed (by a confirm, or by the
 * shopper's 3-D Secure answer): the payments module settles the attempt, and the transaction that
 * records its charge also starts the subscription it pays and completes the session. An attempt another
 * request is running is waited for, and finished here if that request died.
 */
@injectable()
export class SettleCheckoutPayment {
  constructor(
    @inject(SettlePaymentAttempt) private readonly settleAttempt: SettlePaymentAttempt,
    @inject(CompleteCheckoutSession) private readonly complete: CompleteCheckoutSession,
    @inject(RedeemDiscounts) private readonly redeem: RedeemDiscounts,
    @inject(CheckoutPlanChanges) private readonly planChanges: CheckoutPlanChanges,
  ) {}

  /** `report`: what the page said the processor's own fields did, for a payment they make. */
  async execute(
    session: CheckoutSession,
    pricing: Pricing,
    ticket: AttemptTicket,
    report: HostedReport | null = null,
  ): Promise<ConfirmOutcome> {
    return toShopper(session, await this.settle(session, pricing, ticket, report));
  }

  /** The attempt's outcome: `pending` while a payment of the processor's own fields is found nowhere yet (the reconciler's). */
  settle(session: CheckoutSession, pricing: Pricing, ticket: AttemptTicket, report: HostedReport | null = null): Promise<PaymentOutcome> {
    return this.settleAttempt.execute(
      ticket,
      async ({ outcome, recorded, payment }) => {
        if (recorded && outcome.status === 'succeeded') {
          const subscription =
            payment.subscription && payment.source.type === 'saved_card'
              ? { id: payment.subscription.id, paymentMethodId: payment.source.paymentMethod }
              : null;
          await this.complete.execute(session.id, { chargeId: outcome.chargeId, attemptId: ticket.attemptId, pricing, subscription });
        }
        // A declined payment gives its discounts' redemptions back; the next attempt holds them again.
        if (recorded && outcome.status === 'failed') await this.redeem.release([session.id]);
        // A plan change's subscription is held only while money is in flight: not while the shopper answers 3-D Secure.
        if (recorded && outcome.status !== 'succeeded' && session.planChange)
          await this.planChanges.release(session.planChange.subscriptionId, ticket.attemptId);
      },
      report,
    );
  }
}

export function paid(session: CheckoutSession): ConfirmOutcome {
  return { status: 'succeeded', redirectUrl: session.redirectUrl() };
}

function toShopper(session: CheckoutSession, outcome: PaymentOutcome): ConfirmOutcome {
  if (outcome.status === 'succeeded') return paid(session);
  if (outcome.status === 'requires_action') return outcome;
  if (outcome.status === 'pending')
    throw new DomainError('payment_in_progress', "The payment is still being made in the card processor's fields", 'payment_method');
  const code = DECLINE_CODES.find((known) => known === outcome.code) ?? 'processing_error';
  return { status: 'failed', failure: { code, message: failureMessage(code, session.language()) } };
}
