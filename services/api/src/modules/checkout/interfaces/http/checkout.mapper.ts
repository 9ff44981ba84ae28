import type { Schemas } from '../../../../shared/contract/contract';
import { merchantShape } from '../../../../shared/contract/merchant-shape';
import { renewalDiscount } from '../../application/renewal-discount';
import type { CheckoutPage, ConfirmOutcome } from '../../application/results';
import { amounts, discountSummary, lineItems, planChangeView, taken } from '../../published/checkout-session';

/** What the page is told after a confirm or a 3-D Secure answer. */
export function confirmResult(outcome: ConfirmOutcome): Schemas['ConfirmResult'] {
  if (outcome.status === 'succeeded') return { status: 'succeeded', redirect_url: outcome.redirectUrl };
  if (outcome.status === 'requires_action' && 'hosted' in outcome)
    return {
      status: 'requires_action',
      next_action:
        outcome.hosted.type === 'bit_page'
          ? { type: 'bit_page', challenge_id: outcome.challengeId, url: outcome.hosted.url }
          : { type: 'hosted_fields_charge', challenge_id: outcome.challengeId, charge: outcome.hosted.charge },
    };
  if (outcome.status === 'requires_action')
    return { status: 'requires_action', next_action: { type: 'three_d_secure', challenge_id: outcome.challengeId } };
  return { status: 'failed', failure: outcome.failure };
}

/** The public page's data: nothing secret, no customer details, no URLs but the way back. */
export function checkoutPageView({ session, status, pricing, merchant, options }: CheckoutPage): Schemas['CheckoutPage'] {
  return {
    id: session.id,
    status,
    merchant: merchantShape(merchant),
    locale: session.locale,
    currency: session.currency,
    line_items: lineItems(session, pricing),
    plan: session.plan && {
      name: session.plan.name,
      unit_amount: session.plan.unitAmount,
      interval: session.plan.interval,
      trial_period_days: session.plan.trialPeriodDays,
      amount_discount: taken(pricing.planDiscount),
      renewal_amount: session.plan.unitAmount - renewalDiscount(pricing, session.plan.interval),
    },
    plan_change: planChangeView(session),
    ...amounts(session, pricing),
    discount_summary: discountSummary(pricing),
    payment_options: {
      card: options.card,
      card_collection:
        options.cardCollection.type === 'hosted_fields'
          ? { type: 'hosted_fields', script_url: options.cardCollection.scriptUrl }
          : { type: 'server', script_url: null },
      cardholder_id_required: options.cardholderIdRequired,
      wallets: options.wallets,
      bit_page: options.bitPage,
      saved_cards: options.savedCards.map((card) => ({
        id: card.id,
        card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
      })),
      auto_open_wallets: options.autoOpenWallets,
    },
    background_color: session.backgroundColor,
    capture_method: session.captureMethod,
    installments: session.installmentsMax === null ? null : { max: session.installmentsMax },
    redirect_url: session.status === 'completed' ? session.redirectUrl() : null,
    success_origin: new URL(session.redirectUrl()).origin,
    cancel_url: session.cancelUrl,
    expires_at: session.expiresAt.toISOString(),
    completed_at: session.completedAt?.toISOString() ?? null,
    livemode: session.livemode,
  };
}
