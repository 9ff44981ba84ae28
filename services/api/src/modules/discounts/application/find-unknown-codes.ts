import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

/** The codes (by position) that no rule of the scope has, in any state. */
@injectable()
export class FindUnknownCodes {
  constructor(@inject(DISCOUNTS.DiscountRuleRepository) private readonly rules: DiscountRuleRepository) {}

  async execute(scope: Scope, codes: string[]): Promise<number[]> {
    if (codes.length === 0) return [];
    const known = await this.rules.findByCodes(scope, codes);
    return codes.map((code, index) => (known.some((rule) => rule.hasCode(code)) ? -1 : index)).filter((index) => index >= 0);
  }
}
