import type { Schemas } from '../../../../platform/http/contract';
import type { Pricing } from '../../../discounts';
import { renewalDiscount } from '../../application/renewal-discount';
import type { CheckoutPage, ConfirmOutcome } from '../../application/results';
import type { CheckoutSession } from '../../domain/checkout-session';

/** What the page is told after a confirm or a 3-D Secure answer. */
export function confirmResult(outcome: ConfirmOutcome): Schemas['ConfirmResult'] {
  if (outcome.status === 'succeeded') return { status: 'succeeded', redirect_url: outcome.redirectUrl };
  if (outcome.status === 'requires_action')
    return { status: 'requires_action', next_action: { type: 'three_d_secure', challenge_id: outcome.challengeId } };
  return { status: 'failed', failure: outcome.failure };
}

/** The session as merchants and its events see it. */
export function checkoutSessionView(
  session: CheckoutSession,
  pricing: Pricing,
  context: { checkoutHostUrl: string; now: Date },
): Schemas['CheckoutSession'] {
  const base = `${context.checkoutHostUrl}/checkout/${session.id}`;
  return {
    id: session.id,
    object: 'checkout_session',
    status: session.isDue(context.now) ? 'expired' : session.status,
    customer: session.customerId,
    price: session.priceId,
    line_items: lineItems(session, pricing),
    currency: session.currency,
    ...amounts(session, pricing),
    discount_summary: pricing.summary,
    capture_method: session.captureMethod,
    create_document: session.createDocument,
    payment_methods: session.paymentMethods as ('card' | 'wallet')[],
    background_color: session.backgroundColor,
    auto_open_wallets: session.autoOpenWallets,
    locale: session.locale,
    installments: session.installmentsMax === null ? null : { max: session.installmentsMax },
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: base,
    ...(session.embeddable() ? { embed_url: `${base}/embed` } : {}),
    expires_at: session.expiresAt.toISOString(),
    completed_at: session.completedAt?.toISOString() ?? null,
    charge: session.chargeId,
    subscription: session.subscriptionId,
    livemode: session.livemode,
    created: session.createdAt.toISOString(),
  };
}

function lineItems(session: CheckoutSession, pricing: Pricing): Schemas['SessionLineItem'][] {
  return session.lineItems.map((line, i) => {
    const subtotal = line.amountAgorot * line.quantity;
    const discount = pricing.lineDiscounts[i];
    return {
      name: line.name,
      amount_agorot: line.amountAgorot,
      quantity: line.quantity,
      description: line.description,
      image_url: line.imageUrl,
      price: line.price,
      product: line.product,
      amount_subtotal: subtotal,
      amount_discount: discount === 0 ? 0 : -discount,
      amount_total: subtotal - discount,
    };
  });
}

function amounts(session: CheckoutSession, pricing: Pricing) {
  return {
    amount_subtotal: pricing.subtotal,
    amount_discount: pricing.summary.total_discount_agorot,
    amount_total: pricing.total,
    amount_due_now: session.amountDueNow(pricing),
  };
}

/** The public page's data: nothing secret, no customer details, no URLs but the way back. */
export function checkoutPageView({ session, status, pricing, merchantName, options }: CheckoutPage): Schemas['CheckoutPage'] {
  return {
    id: session.id,
    status,
    merchant: { name: merchantName },
    locale: session.locale,
    currency: session.currency,
    line_items: lineItems(session, pricing),
    plan: session.plan && {
      name: session.plan.name,
      unit_amount: session.plan.unitAmount,
      interval: session.plan.interval,
      trial_period_days: session.plan.trialPeriodDays,
      amount_discount: pricing.summary.plan_discount_agorot,
      renewal_amount: session.plan.unitAmount - renewalDiscount(pricing),
    },
    ...amounts(session, pricing),
    discount_summary: pricing.summary,
    payment_options: {
      card: options.card,
      cardholder_id_required: options.cardholderIdRequired,
      wallets: options.wallets,
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
    livemode: session.livemode,
  };
}
