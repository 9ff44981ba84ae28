import { inject, injectable } from 'inversify';
import type { Metadata } from '../../../shared/domain/metadata';
import type { Scope } from '../../../shared/domain/scope';
import { DiscountNotFound, type DiscountRule } from '../domain/discount-rule';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

/**
 * Turns a rule off or on again and merges its metadata (`POST /v1/discounts/{id}`, and `deactivate`). A
 * deactivated rule stops applying everywhere, including sessions that already show it.
 */
@injectable()
export class UpdateDiscount {
  constructor(@inject(DISCOUNTS.DiscountRuleRepository) private readonly rules: DiscountRuleRepository) {}

  async execute(scope: Scope, id: string, input: { active?: boolean; metadata?: Metadata }): Promise<DiscountRule> {
    const rule = await this.rules.findById(scope, id);
    if (!rule) throw new DiscountNotFound(id);
    rule.update(input);
    await this.rules.save(rule);
    return rule;
  }
}
