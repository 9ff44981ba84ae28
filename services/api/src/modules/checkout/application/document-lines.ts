import type { Pricing } from '../../discounts';
import { type DocumentLine, documentLines as line } from '../../invoicing';
import type { CheckoutSession } from '../domain/checkout-session';

/** What the tax document lists for what a checkout charges now: the lines, the plan unless in trial, and the discounts on them. */
export function documentLines(session: CheckoutSession, pricing: Pricing): DocumentLine[] {
  if (session.planChange) return session.planChange.lines;
  const items = session.lineItems.map((item) => line.item(item.name, item.quantity, item.amountAgorot));
  const plan = session.plan && !session.inTrial() ? [line.item(session.plan.name, 1, session.plan.unitAmount)] : [];
  const discounts = pricing.linked
    .map(({ rule, amount, planAmount }) => ({ name: rule.name, amount: amount - (session.inTrial() ? planAmount : 0) }))
    .filter((discount) => discount.amount > 0)
    .map((discount) => line.discount(discount.name, discount.amount));
  return [...items, ...plan, ...discounts];
}
