import { describe, expect, it } from 'vitest';
import { DiscountRule } from '../domain/discount-rule';
import { EvaluateCouponCode } from './evaluate-coupon-code';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

const scope = { accountId: 'acct_1', livemode: false };
const now = new Date('2026-11-21T10:00:00Z');

function repository(rules: DiscountRule[]): DiscountRuleRepository {
  const byCode = (codes: string[]) => rules.filter((rule) => codes.some((code) => rule.hasCode(code)));
  return {
    add: async () => {},
    save: async () => {},
    findById: async () => null,
    list: async () => ({ items: [], hasMore: false }),
    findByCodes: async (_scope, codes) => byCode(codes),
    findCandidates: async (_scope, codes) => [...rules.filter((rule) => rule.automatic), ...byCode(codes)],
    reserve: async () => [],
    release: async () => {},
  };
}

const checkout = {
  currency: 'ils' as const,
  lines: [{ amount: 10_000, price: 'price_a', product: 'prod_a' }],
  plan: null,
  appliedCodes: [],
  now,
};
const rule = (input: Partial<Parameters<typeof DiscountRule.create>[1]>) =>
  DiscountRule.create(scope, { name: 'R', code: 'CODE', percentOff: 10, ...input }, new Date(now.getTime() - 1000));

describe('EvaluateCouponCode', () => {
  it('prices the checkout with the code added', async () => {
    const pricing = await new EvaluateCouponCode(repository([rule({})])).execute(scope, 'code', checkout);
    expect(pricing.totalDiscount).toBe(1000);
  });

  it('finds a fixed amount in another currency not applicable', async () => {
    const foreign = Object.assign(rule({ percentOff: undefined, amountOff: 500, currency: 'ils' }), { currency: 'usd' });
    await expect(new EvaluateCouponCode(repository([foreign])).execute(scope, 'CODE', checkout)).rejects.toMatchObject({
      code: 'not_applicable',
    });
  });

  it('names the reason when every rule is gated out, expired first', async () => {
    const expired = rule({ expiresAt: new Date(now.getTime() - 1) });
    const inactive = Object.assign(rule({}), { active: false });
    await expect(new EvaluateCouponCode(repository([inactive, expired])).execute(scope, 'CODE', checkout)).rejects.toMatchObject({
      code: 'expired',
    });
    await expect(new EvaluateCouponCode(repository([inactive])).execute(scope, 'CODE', checkout)).rejects.toMatchObject({
      code: 'inactive',
    });
  });

  it('answers invalid_code when no rule has the code', async () => {
    await expect(new EvaluateCouponCode(repository([])).execute(scope, 'NOPE', checkout)).rejects.toMatchObject({
      code: 'invalid_code',
      kind: 'not_found',
    });
  });
});
