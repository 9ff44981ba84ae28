import { describe, expect, it } from 'vitest';
import { type CreateDiscountInput, DiscountNotFound, DiscountRule } from './discount-rule';

const scope = { accountId: 'acct_1', livemode: false };
const now = new Date('2026-04-01T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const create = (input: Partial<CreateDiscountInput> = {}) =>
  DiscountRule.create(scope, { name: 'Spring', code: 'SPRING', percentOff: 10, ...input }, now);

function refused(input: Partial<CreateDiscountInput>, code: string, message: string, param: string) {
  expect(() => create(input)).toThrow(expect.objectContaining({ code, message, param }));
}

describe('creating a discount rule: every refusal says what and where', () => {
  it('a code, or automatic without one', () => {
    refused({ code: undefined }, 'code_or_automatic_required', 'A discount needs a code, or automatic: true', 'code');
    refused({ automatic: true }, 'parameter_invalid', 'Invalid automatic: automatic discounts have no code', 'automatic');
    expect(create({ code: undefined, automatic: true })).toMatchObject({ code: null, automatic: true });
    expect(create({ automatic: false })).toMatchObject({ code: 'SPRING', automatic: false });
  });

  it('exactly one of percent_off and amount_off; a currency with an amount, and only then', () => {
    const exactlyOne = ['discount_amount_required', 'A discount takes exactly one of percent_off and amount_off', 'percent_off'] as const;
    refused({ percentOff: undefined }, ...exactlyOne);
    refused({ amountOff: 500, currency: 'ils' }, ...exactlyOne);
    refused(
      { percentOff: undefined, amountOff: 500 },
      'parameter_missing',
      'Missing required parameter: currency (required with amount_off)',
      'currency',
    );
    refused({ currency: 'ils' }, 'parameter_invalid', 'Invalid currency: only amount_off discounts take a currency', 'currency');
    refused(
      { percentOff: undefined, amountOff: 500, currency: 'usd' },
      'currency_not_supported',
      "Currency 'usd' is not supported; use one of: ils",
      'currency',
    );
    expect(create({ percentOff: undefined, amountOff: 500, currency: 'ILS' })).toMatchObject({
      amountOff: 500,
      currency: 'ils',
      percentOff: null,
    });
    expect(create()).toMatchObject({ percentOff: 10, amountOff: null, currency: null });
  });

  it('an amount is whole agorot, at most a billion shekels', () => {
    const off = (amountOff: number) => create({ percentOff: undefined, amountOff, currency: 'ils' });
    expect(() => off(10.5)).toThrow('amount_off must be an integer of agorot');
    expect(() => off(100_000_000_001)).toThrow(RangeError);
    expect(off(100_000_000_000).amountOff).toBe(100_000_000_000);
  });

  it('expires after it starts', () => {
    refused(
      { startsAt: at(1000), expiresAt: at(1000) },
      'parameter_invalid',
      'Invalid expires_at: it must be after starts_at',
      'expires_at',
    );
    refused(
      { startsAt: at(1000), expiresAt: at(999) },
      'parameter_invalid',
      'Invalid expires_at: it must be after starts_at',
      'expires_at',
    );
    expect(create({ startsAt: at(1000), expiresAt: at(1001) }).expiresAt).toEqual(at(1001));
    expect(create({ expiresAt: at(-1000) }).expiresAt).toEqual(at(-1000));
    expect(create({ startsAt: at(1000) }).startsAt).toEqual(at(1000));
  });

  it('keeps the code as sent, trimmed; targets without repeats; once by default; no cap; active', () => {
    const rule = create({ code: '  Spring ', appliesTo: { prices: ['p1', 'p1', 'p2'], products: ['x', 'x'] } });
    expect(rule).toMatchObject({
      code: 'Spring',
      appliesToPrices: ['p1', 'p2'],
      appliesToProducts: ['x'],
      duration: 'once',
      maxRedemptions: null,
      timesRedeemed: 0,
      active: true,
      startsAt: null,
      expiresAt: null,
      accountId: 'acct_1',
      livemode: false,
      createdAt: now,
    });
    expect(rule.id).toMatch(/^disc_/);
    expect(create({ duration: 'forever', maxRedemptions: 5 })).toMatchObject({ duration: 'forever', maxRedemptions: 5 });
  });
});

describe('whether a rule applies now', () => {
  it('not before it starts, not from the moment it expires', () => {
    const rule = create({ startsAt: at(1000), expiresAt: at(2000) });
    expect(rule.gate(at(999))).toBe('inactive');
    expect(rule.gate(at(1000))).toBeNull();
    expect(rule.gate(at(1999))).toBeNull();
    expect(rule.gate(at(2000))).toBe('expired');
  });

  it('not once its redemptions reach the cap, nor once deactivated', () => {
    const rule = create({ maxRedemptions: 2 });
    rule.timesRedeemed = 1;
    expect(rule.gate(now)).toBeNull();
    rule.timesRedeemed = 2;
    expect(rule.gate(now)).toBe('exhausted');
    const open = create();
    open.timesRedeemed = 1_000;
    expect(open.gate(now)).toBeNull();
    open.deactivate();
    expect(open.active).toBe(false);
    expect(open.gate(now)).toBe('inactive');
  });

  it('targets a line by its price or its product; ad-hoc lines by neither', () => {
    const rule = create({ appliesTo: { prices: ['price_a'], products: ['prod_b'] } });
    expect(rule.isTargeted()).toBe(true);
    expect(rule.targets({ price: 'price_a', product: null })).toBe(true);
    expect(rule.targets({ price: null, product: 'prod_b' })).toBe(true);
    expect(rule.targets({ price: 'price_x', product: 'prod_y' })).toBe(false);
    expect(rule.targets({ price: null, product: null })).toBe(false);
    expect(create().isTargeted()).toBe(false);
    expect(create({ appliesTo: { products: ['prod_b'] } }).isTargeted()).toBe(true);
  });

  it('answers to its code in any case and spacing; an automatic rule to none', () => {
    const rule = create({ code: 'Spring-10' });
    expect(rule.hasCode(' SPRING-10 ')).toBe(true);
    expect(rule.hasCode('spring-1')).toBe(false);
    expect(create({ code: undefined, automatic: true }).hasCode('')).toBe(false);
    expect(new DiscountNotFound('disc_x').message).toBe("No such discount: 'disc_x'");
  });
});
