import { inject, injectable } from 'inversify';
import type { Currency } from '../../../shared/domain/money';
import type { Scope } from '../../../shared/domain/scope';
import { type Pricing, priceCheckout, type PricingLine } from '../domain/discount-engine';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

export type { DiscountSummary, Pricing, PricingLine } from '../domain/discount-engine';

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
    const rules = await this.rules.findCandidates(scope, checkout.appliedCodes);
    return priceCheckout({ ...checkout, rules });
  }
}
