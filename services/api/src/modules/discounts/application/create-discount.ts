import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { FindCatalogItems } from '../../catalog';
import { type CreateDiscountInput, DiscountRule } from '../domain/discount-rule';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

@injectable()
export class CreateDiscount {
  constructor(
    @inject(DISCOUNTS.DiscountRuleRepository) private readonly rules: DiscountRuleRepository,
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: CreateDiscountInput): Promise<DiscountRule> {
    const rule = DiscountRule.create(scope, input, this.clock.now());
    const found = await this.catalog.execute(scope, { prices: rule.appliesToPrices, products: rule.appliesToProducts });
    const prices = input.appliesTo?.prices ?? [];
    const products = input.appliesTo?.products ?? [];
    prices.forEach((id, i) => {
      if (!found.prices.has(id)) throw new ValidationError('price_not_found', `No such price: '${id}'`, `applies_to.prices[${i}]`);
    });
    products.forEach((id, i) => {
      if (!found.products.has(id)) throw new ValidationError('product_not_found', `No such product: '${id}'`, `applies_to.products[${i}]`);
    });
    await this.rules.add(rule);
    return rule;
  }
}
