import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

/** Counts one redemption of each rule a completed checkout used, inside the completion's transaction. */
@injectable()
export class RedeemDiscounts {
  constructor(@inject(DISCOUNTS.DiscountRuleRepository) private readonly rules: DiscountRuleRepository) {}

  async execute(scope: Scope, ruleIds: string[]): Promise<void> {
    if (ruleIds.length > 0) await this.rules.redeem(scope, ruleIds);
  }
}
