import { Bill } from '../../../shared/domain/bill';
import type { PlanShown } from '../../../shared/domain/plan';
import type { Schemas } from '../../../shared/contract/contract';
import { lineItemShape, documentLineShape } from '../../../shared/contract/line-shapes';
import type { Pricing } from '../../discounts';
import type { CheckoutSession } from '../domain/checkout-session';

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
    discount_summary: discountSummary(pricing),
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
    plan_change: planChangeView(session),
    metadata: session.metadata,
    livemode: session.livemode,
    created: session.createdAt.toISOString(),
  };
}

/** An amount taken off, as the contract shows it: negative, and never -0. */
export const taken = (value: number) => (value === 0 ? 0 : -value);

/** The discounts that took something, as merchants and shoppers see them (amounts taken off are negative). */
export function discountSummary(pricing: Pricing): Schemas['DiscountSummary'] {
  return {
    discounts: pricing.linked.map(({ rule }) => ({ id: rule.id, code: rule.code, name: rule.name })),
    discount_lines: pricing.linked.map(({ rule, amount }) => ({ name: rule.name, amount_agorot: taken(amount) })),
    total_discount_agorot: taken(pricing.totalDiscount),
    plan_discount_agorot: taken(pricing.planDiscount),
  };
}

export function lineItems(session: CheckoutSession, pricing: Pricing): Schemas['SessionLineItem'][] {
  return session.lineItems.map((line, i) => {
    const subtotal = line.amountAgorot * line.quantity;
    const discount = pricing.lineDiscounts[i];
    return {
      ...lineItemShape(line),
      amount_subtotal: subtotal,
      amount_discount: taken(discount),
      amount_total: subtotal - discount,
    };
  });
}

export function amounts(session: CheckoutSession, pricing: Pricing) {
  if (session.planChange) {
    const due = session.bill(pricing).total;
    return { amount_subtotal: due, amount_discount: 0, amount_total: due, amount_due_now: due };
  }
  return {
    amount_subtotal: pricing.subtotal,
    amount_discount: taken(pricing.totalDiscount),
    amount_total: pricing.total,
    amount_due_now: session.bill(pricing).total,
  };
}

/** What a plan-change session sells, as the API and the page show it. */
export function planChangeView({ planChange }: CheckoutSession): Schemas['PlanChange'] | null {
  if (!planChange) return null;
  const plan = (shown: PlanShown) => ({
    name: shown.name,
    unit_amount: shown.unitAmount,
    quantity: shown.quantity,
    interval: shown.interval,
  });
  return {
    subscription: planChange.subscriptionId,
    current: plan(planChange.current),
    new: plan(planChange.next),
    lines: planChange.lines.map(documentLineShape),
    amount_due: Bill.of(planChange.lines).total,
  };
}
