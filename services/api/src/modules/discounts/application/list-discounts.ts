import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { DiscountRule } from '../domain/discount-rule';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

@injectable()
export class ListDiscounts {
  constructor(@inject(DISCOUNTS.DiscountRuleRepository) private readonly rules: DiscountRuleRepository) {}

  execute(scope: Scope, filter: { code?: string }, page: PageRequest): Promise<Page<DiscountRule>> {
    return this.rules.list(scope, filter, page);
  }
}
