import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../platform/http/contract';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { type CheckoutToPrice, type Pricing, PriceCheckout } from '../../discounts';
import type { CheckoutSession } from '../domain/checkout-session';
import { CHECKOUT, type CheckoutSettings } from '../checkout.tokens';

export interface PricedSession {
  session: CheckoutSession;
  pricing: Pricing;
}

/** The session as merchants and events see it, priced with the discounts that apply now. */
@injectable()
export class SessionView {
  constructor(
    @inject(PriceCheckout) private readonly priceCheckout: PriceCheckout,
    @inject(CHECKOUT.Settings) private readonly settings: CheckoutSettings,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** What the discounts module prices: the lines, the plan line and the applied codes, at `now`. */
  toPrice(session: CheckoutSession, appliedCodes = session.appliedCodes): CheckoutToPrice {
    return {
      currency: session.currency,
      lines: session.lineItems.map((line) => ({ amount: line.amountAgorot * line.quantity, price: line.price, product: line.product })),
      plan: session.plan && { amount: session.plan.unitAmount, price: session.plan.price, product: session.plan.product },
      appliedCodes,
      now: this.clock.now(),
    };
  }

  price(session: CheckoutSession, appliedCodes = session.appliedCodes): Promise<Pricing> {
    return this.priceCheckout.execute(session, this.toPrice(session, appliedCodes));
  }

  async render(session: CheckoutSession, pricing?: Pricing): Promise<Schemas['CheckoutSession']> {
    return this.present({ session, pricing: pricing ?? (await this.price(session)) });
  }

  present({ session, pricing }: PricedSession): Schemas['CheckoutSession'] {
    const base = `${this.settings.checkoutHostUrl}/checkout/${session.id}`;
    return {
      id: session.id,
      object: 'checkout_session',
      status: session.isDue(this.clock.now()) ? 'expired' : session.status,
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
}

export function lineItems(session: CheckoutSession, pricing: Pricing): Schemas['SessionLineItem'][] {
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

export function amounts(session: CheckoutSession, pricing: Pricing) {
  return {
    amount_subtotal: pricing.subtotal,
    amount_discount: pricing.summary.total_discount_agorot,
    amount_total: pricing.total,
    amount_due_now: session.amountDueNow(pricing),
  };
}

/** Agorot off every renewal: the plan's share of the discounts that last forever. */
export function renewalDiscount(pricing: Pricing): number {
  return pricing.linked.filter(({ rule }) => rule.duration === 'forever').reduce((sum, linked) => sum + linked.planAmount, 0);
}
