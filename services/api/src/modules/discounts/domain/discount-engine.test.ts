import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCheckout, type PricingLine } from './discount-engine';
import { type CreateDiscountInput, DiscountRule } from './discount-rule';

const scope = { accountId: 'acct_1', livemode: false };
const now = new Date('2026-11-21T10:00:00Z');
let created = 0;

function rule(input: Partial<CreateDiscountInput> & { name?: string }, changes: Partial<DiscountRule> = {}): DiscountRule {
  const r = DiscountRule.create(
    scope,
    { name: input.name ?? 'Rule', code: input.automatic ? undefined : 'CODE', ...input },
    new Date(now.getTime() - 86_400_000 + created++),
  );
  return Object.assign(r, changes);
}

const line = (amount: number, target: Partial<PricingLine> = {}): PricingLine => ({ amount, price: null, product: null, ...target });
const price = (input: Parameters<typeof priceCheckout>[0]) => priceCheckout(input);
const base = { currency: 'ils' as const, plan: null, now };

describe('priceCheckout', () => {
  it('applies a percentage to a price-targeted line only', () => {
    const r = rule({ code: 'SHIRT10', percentOff: 10, appliesTo: { prices: ['price_shirt'] } });
    const result = price({
      ...base,
      lines: [line(4999, { price: 'price_shirt', product: 'prod_shirt' }), line(2000)],
      rules: [r],
      appliedCodes: ['shirt10'],
    });
    expect(result.lineDiscounts).toEqual([500, 0]); // 499.9 rounds half up to 500
    expect(result.linked).toEqual([{ rule: r, amount: 500, planAmount: 0 }]);
    expect([result.totalDiscount, result.planDiscount]).toEqual([500, 0]);
    expect(result.total).toBe(6499);
  });

  it("applies a fixed amount to a product-targeted line, reaching it through the line's price", () => {
    const r = rule({ code: 'MUG', amountOff: 1500, currency: 'ils', appliesTo: { products: ['prod_mug'] } });
    const result = price({
      ...base,
      lines: [line(1000, { price: 'price_mug', product: 'prod_mug' }), line(3000, { product: 'prod_mug' }), line(9000)],
      rules: [r],
      appliedCodes: ['MUG'],
    });
    expect(result.lineDiscounts).toEqual([1000, 500, 0]);
    expect(result.totalDiscount).toBe(1500);
  });

  it('applies an order-level discount to an ad-hoc cart', () => {
    const r = rule({ code: 'ALL20', percentOff: 20 });
    const result = price({ ...base, lines: [line(1005), line(2500)], rules: [r], appliedCodes: ['all20'] });
    expect(result.lineDiscounts).toEqual([201, 500]);
    expect(result.total).toBe(2804);
  });

  it('keeps negative ad-hoc lines as sent and never takes the order below zero', () => {
    const r = rule({ code: 'BIG', amountOff: 10_000, currency: 'ils' });
    const result = price({ ...base, lines: [line(5000), line(-3000)], rules: [r], appliedCodes: ['BIG'] });
    expect(result.subtotal).toBe(2000);
    expect(result.lineDiscounts).toEqual([2000, 0]);
    expect(result.total).toBe(0);
    expect(result.totalDiscount).toBe(2000);
  });

  it('stacks several codes: targeted rules first, then order-level ones on what remains', () => {
    const order = rule({ code: 'TEN', percentOff: 10 });
    const targeted = rule({ code: 'SHOES', amountOff: 2000, currency: 'ils', appliesTo: { prices: ['price_shoes'] } });
    const result = price({
      ...base,
      lines: [line(10_000, { price: 'price_shoes' }), line(5000)],
      rules: [order, targeted],
      appliedCodes: ['TEN', 'shoes'],
    });
    // Shoes: 10000 − 2000 = 8000, then 10 % → 800. Other line: 10 % of 5000 → 500.
    expect(result.lineDiscounts).toEqual([2800, 500]);
    expect(result.linked.map((l) => [l.rule.id, l.amount])).toEqual([
      [targeted.id, 2000],
      [order.id, 1300],
    ]);
  });

  it('links only the rules of a code that pass their gates', () => {
    const live = rule({ code: 'SUMMER', percentOff: 10, name: 'Summer' });
    const gone = rule({ code: 'summer', percentOff: 50, name: 'Old summer', expiresAt: new Date(now.getTime() - 1) });
    const result = price({ ...base, lines: [line(1000)], rules: [live, gone], appliedCodes: ['Summer'] });
    expect(result.linked.map((l) => l.rule.name)).toEqual(['Summer']);
    expect(result.totalDiscount).toBe(100);
  });

  it('applies automatic discounts with no code, while they match', () => {
    const auto = rule({ automatic: true, percentOff: 5, appliesTo: { products: ['prod_a'] }, name: 'Autumn' });
    const matching = price({ ...base, lines: [line(2000, { product: 'prod_a' })], rules: [auto], appliedCodes: [] });
    expect(matching.linked.map((l) => l.rule)).toEqual([auto]);
    const notMatching = price({ ...base, lines: [line(2000, { product: 'prod_b' })], rules: [auto], appliedCodes: [] });
    expect(notMatching.linked).toEqual([]);
  });

  it('does not apply a fixed amount in another currency', () => {
    const usd = Object.assign(rule({ code: 'USD', amountOff: 500, currency: 'ils' }), { currency: 'usd' });
    const result = price({ ...base, lines: [line(2000)], rules: [usd], appliedCodes: ['USD'] });
    expect(result.linked).toEqual([]);
  });

  it('discounts the plan line of a mixed session and reports it apart', () => {
    const plan = rule({ code: 'PLAN', percentOff: 50, appliesTo: { prices: ['price_plan'] }, duration: 'once' });
    const order = rule({ code: 'TEN', percentOff: 10 });
    const result = price({
      ...base,
      lines: [line(1000)],
      plan: line(4900, { price: 'price_plan', product: 'prod_plan' }),
      rules: [plan, order],
      appliedCodes: ['PLAN', 'TEN'],
    });
    // Plan: 4900 − 2450 = 2450, then 10 % → 245. Line: 10 % of 1000 → 100.
    expect(result.planDiscount).toBe(2695);
    expect(result.totalDiscount).toBe(2795);
    expect(result.total).toBe(5900 - 2795);
  });

  it('ignores codes that were not applied and rules that are deactivated or not started', () => {
    const other = rule({ code: 'OTHER', percentOff: 10 });
    const off = rule({ code: 'OFF', percentOff: 10 }, { active: false });
    const later = rule({ code: 'LATER', percentOff: 10, startsAt: new Date(now.getTime() + 1000) });
    expect(price({ ...base, lines: [line(1000)], rules: [other, off, later], appliedCodes: ['OFF', 'LATER'] }).linked).toEqual([]);
  });
});

describe('priceCheckout invariants', () => {
  const lineArb = fc.record({
    amount: fc.oneof(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: -500_000, max: -1 })),
    price: fc.constantFrom(null, 'price_a', 'price_b'),
    product: fc.constantFrom(null, 'prod_a', 'prod_b'),
  });
  const ruleArb = fc.record({
    percent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
    amount: fc.integer({ min: 1, max: 2_000_000 }),
    prices: fc.subarray(['price_a', 'price_b']),
    products: fc.subarray(['prod_a', 'prod_b']),
    automatic: fc.boolean(),
  });

  it('never goes below zero, never takes more than a line has, and stays in integers', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.array(ruleArb, { maxLength: 5 }),
        fc.option(lineArb, { nil: null }),
        (lines, specs, plan) => {
          // A cart's lines sum to zero or more (the API refuses others).
          const sum = lines.reduce((total, l) => total + l.amount, 0);
          const cart = sum >= 0 ? lines : [...lines, line(-sum)];
          const rules = specs.map((spec) =>
            rule({
              automatic: spec.automatic,
              code: spec.automatic ? undefined : 'X',
              ...(spec.percent !== undefined ? { percentOff: spec.percent } : { amountOff: spec.amount, currency: 'ils' }),
              appliesTo: { prices: spec.prices, products: spec.products },
            }),
          );
          const planLine = plan && { ...plan, amount: Math.abs(plan.amount) };
          const result = priceCheckout({ ...base, lines: cart, plan: planLine, rules, appliedCodes: ['x'] });
          expect(result.total).toBeGreaterThanOrEqual(0);
          result.lineDiscounts.forEach((d, i) => {
            expect(Number.isSafeInteger(d)).toBe(true);
            expect(d).toBeGreaterThanOrEqual(0);
            expect(d).toBeLessThanOrEqual(Math.max(0, cart[i].amount));
          });
          expect(result.planDiscount).toBeLessThanOrEqual(planLine ? planLine.amount : 0);
          expect(result.totalDiscount).toBe(result.lineDiscounts.reduce((a, b) => a + b, 0) + result.planDiscount);
          expect(result.linked.reduce((sum, l) => sum + l.amount, 0)).toBe(result.totalDiscount);
          expect(result.linked.every((l) => l.amount > 0 && rules.includes(l.rule))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('links a code once however often it is applied', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 100 }), (times, percent) => {
        const r = rule({ code: 'ONCE', percentOff: percent });
        const result = priceCheckout({ ...base, lines: [line(10_000)], rules: [r], appliedCodes: Array(times).fill('once') });
        expect(result.linked).toHaveLength(1);
        expect(result.totalDiscount).toBe(Math.floor((10_000 * percent + 50) / 100));
      }),
    );
  });

  it('a percentage never exceeds its share, whatever order rules come in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (percents, amount) => {
          const rules = percents.map((p) => rule({ code: 'S', percentOff: p }));
          const result = priceCheckout({ ...base, lines: [line(amount)], rules, appliedCodes: ['s'] });
          let left = amount;
          for (const { amount: taken } of result.linked) {
            expect(taken).toBeLessThanOrEqual(left);
            left -= taken;
          }
          expect(result.total).toBe(left);
        },
      ),
    );
  });

  it('applies rules in the order they were created, whatever order they come in; ties by id', () => {
    const half = rule({ code: 'HALF', percentOff: 50 });
    const tenner = rule({ code: 'TEN', amountOff: 1_000, currency: 'ils' });
    const codes = ['half', 'ten'];
    // Created first, the half takes 5000 of 10000, then the tenner 1000: 6000 off.
    for (const rules of [
      [half, tenner],
      [tenner, half],
    ])
      expect(price({ ...base, lines: [line(10_000)], rules, appliedCodes: codes }).totalDiscount).toBe(6_000);
    const sameTime = new Date(now.getTime() - 5_000);
    const a = Object.assign(rule({ code: 'HALF', percentOff: 50 }), { createdAt: sameTime, id: 'disc_a' });
    const b = Object.assign(rule({ code: 'TEN', amountOff: 1_000, currency: 'ils' }), { createdAt: sameTime, id: 'disc_b' });
    expect(price({ ...base, lines: [line(10_000)], rules: [b, a], appliedCodes: codes }).totalDiscount).toBe(6_000);
    const bFirst = Object.assign(b, { id: 'disc_0' });
    // The tenner first: 1000, then half of 9000: 5500.
    expect(price({ ...base, lines: [line(10_000)], rules: [a, bFirst], appliedCodes: codes }).totalDiscount).toBe(5_500);
  });

  it('a rule with a code applies only when its code was applied', () => {
    const coded = rule({ code: 'SECRET', percentOff: 50 });
    expect(price({ ...base, lines: [line(10_000)], rules: [coded], appliedCodes: [] }).totalDiscount).toBe(0);
    expect(price({ ...base, lines: [line(10_000)], rules: [coded], appliedCodes: ['other'] }).linked).toEqual([]);
  });

  it('gives back what would take the order below zero from the last lines it took from first', () => {
    const big = rule({ code: 'BIG', amountOff: 10_000, currency: 'ils' });
    const result = price({ ...base, lines: [line(5_000), line(5_000), line(-8_000)], rules: [big], appliedCodes: ['big'] });
    expect(result.lineDiscounts).toEqual([2_000, 0, 0]);
    expect(result.total).toBe(0);
  });

  it("a plan's share of a rule is its plan amount", () => {
    const r = rule({ code: 'ALL', percentOff: 10 });
    const result = price({ ...base, plan: line(4_900, { price: 'price_plan' }), lines: [line(1_000)], rules: [r], appliedCodes: ['all'] });
    expect(result.linked).toEqual([{ rule: r, amount: 590, planAmount: 490 }]);
    expect(result.planDiscount).toBe(490);
    const cartOnly = price({ ...base, lines: [line(1_000)], rules: [r], appliedCodes: ['all'] });
    expect(cartOnly.linked[0].planAmount).toBe(0);
  });
});
