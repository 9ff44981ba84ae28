import { describe, expect, it } from 'vitest';
import { Price } from './price';
import { Product } from './product';

const product = Product.create({ accountId: 'acct_1', livemode: false }, { name: 'Plan' }, new Date('2026-01-01T00:00:00Z'));
const now = new Date('2026-01-02T00:00:00Z');

describe('Price.create', () => {
  it("belongs to the product's account and mode", () => {
    const price = Price.create(
      product,
      { unitAmount: 4900, currency: 'ils', type: 'recurring', recurring: { interval: 'month', trialPeriodDays: 14 } },
      now,
    );
    expect(price).toMatchObject({
      accountId: 'acct_1',
      livemode: false,
      productId: product.id,
      recurringInterval: 'month',
      trialPeriodDays: 14,
      taxMode: 'inclusive',
    });
    expect(price.unitPrice().amount).toBe(4900);
  });

  it('requires recurring exactly for recurring prices', () => {
    expect(() => Price.create(product, { unitAmount: 100, currency: 'ils', type: 'recurring' }, now)).toThrow(
      expect.objectContaining({ code: 'parameter_missing', param: 'recurring' }),
    );
    expect(() =>
      Price.create(product, { unitAmount: 100, currency: 'ils', type: 'one_time', recurring: { interval: 'year' } }, now),
    ).toThrow(expect.objectContaining({ code: 'parameter_invalid', param: 'recurring' }));
  });

  it('refuses a fractional amount', () => {
    expect(() => Price.create(product, { unitAmount: 99.5, currency: 'ils', type: 'one_time' }, now)).toThrow(RangeError);
  });
});
