import { inject, injectable } from 'inversify';
import type { Currency } from '../../../shared/domain/money';
import type { Scope } from '../../../shared/domain/scope';
import { type Pricing, priceCheckout, type PricingLine } from '../domain/discount-engine';
import type { DiscountRule } from '../domain/discount-rule';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

export type { Pricing, PricingLine } from '../domain/discount-engine';

export interface CheckoutToPrice {
  currency: Currency;
  lines: PricingLine[];
  plan: PricingLine | null;
  appliedCodes: string[];
  now: Date;
}

/** Prices a checkout with the scope's automatic rules and the rules under its applied codes. */
@injectable()
export class PriceCheckout {
  constructor(@inject(DISCOUNTS.DiscountRuleRepository) private readonly rules: DiscountRuleRepository) {}

  async execute(scope: Scope, checkout: CheckoutToPrice): Promise<Pricing> {
    return (await this.executeMany([{ scope, checkout }]))[0];
  }

  /** Many checkouts, the rules read once for each scope and set of codes among them. */
  async executeMany(checkouts: Array<{ scope: Scope; checkout: CheckoutToPrice }>): Promise<Pricing[]> {
    const candidates = new Map<string, DiscountRule[]>();
    const pricings: Pricing[] = [];
    for (const { scope, checkout } of checkouts) {
      const key = JSON.stringify([scope.accountId, scope.livemode, checkout.appliedCodes]);
      if (!candidates.has(key)) candidates.set(key, await this.rules.findCandidates(scope, checkout.appliedCodes));
      pricings.push(priceCheckout({ ...checkout, rules: candidates.get(key)! }));
    }
    return pricings;
  }
}
