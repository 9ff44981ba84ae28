import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { DiscountNotFound, type DiscountRule } from '../domain/discount-rule';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

@injectable()
export class GetDiscount {
  constructor(@inject(DISCOUNTS.DiscountRuleRepository) private readonly rules: DiscountRuleRepository) {}

  async execute(scope: Scope, id: string): Promise<DiscountRule> {
    const rule = await this.rules.findById(scope, id);
    if (!rule) throw new DiscountNotFound(id);
    return rule;
  }
}
