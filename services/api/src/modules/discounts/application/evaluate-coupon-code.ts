import { inject, injectable } from 'inversify';
import { DomainError, ValidationError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { type Pricing, priceCheckout } from '../domain/discount-engine';
import { type Gate, normalizeCode } from '../domain/discount-rule';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';
import type { CheckoutToPrice } from './price-checkout';

const GATE_PRIORITY: Gate[] = ['expired', 'exhausted', 'inactive'];

/**
 * What adding `code` to a checkout would do: the new pricing, or why not. No rule under the code: 404
 * `invalid_code`. Every rule gated out: `expired`, `exhausted` or `inactive`. Rules that pass but take
 * nothing off (a target absent, another currency): `not_applicable`.
 */
@injectable()
export class EvaluateCouponCode {
  constructor(@inject(DISCOUNTS.DiscountRuleRepository) private readonly rules: DiscountRuleRepository) {}

  async execute(scope: Scope, code: string, checkout: CheckoutToPrice): Promise<Pricing> {
    const underCode = await this.rules.findByCodes(scope, [code]);
    if (underCode.length === 0) throw new DomainError('invalid_code', `No discount has the code '${code}'`, 'code');
    const gates = underCode.map((rule) => rule.gate(checkout.now));
    if (gates.every((gate) => gate !== null)) {
      const gate = GATE_PRIORITY.find((g) => gates.includes(g))!;
      throw new ValidationError(gate, `The code '${code}' is ${gate === 'inactive' ? 'not active' : gate}`, 'code');
    }
    const codes = checkout.appliedCodes.some((applied) => normalizeCode(applied) === normalizeCode(code))
      ? checkout.appliedCodes
      : [...checkout.appliedCodes, code];
    const candidates = await this.rules.findCandidates(scope, codes);
    const pricing = priceCheckout({ ...checkout, appliedCodes: codes, rules: candidates });
    if (!pricing.linked.some(({ rule }) => rule.hasCode(code))) {
      throw new ValidationError('not_applicable', `The code '${code}' does not apply to anything in this checkout`, 'code');
    }
    return pricing;
  }
}
