import { describe, expect, it } from 'vitest';
import { planOf } from './plan';

describe('planOf', () => {
  const price = { id: 'price_m', product: 'prod_1', productName: 'Gym', unitAmount: 19_900, trialPeriodDays: 14 };

  it('freezes a recurring price into a plan in shekels', () => {
    expect(planOf({ ...price, interval: 'month' })).toEqual({
      price: 'price_m',
      product: 'prod_1',
      name: 'Gym',
      unitAmount: 19_900,
      currency: 'ils',
      interval: 'month',
      trialPeriodDays: 14,
    });
  });

  it('has no plan for a one-time price', () => {
    expect(() => planOf({ ...price, interval: null })).toThrow('price price_m is not recurring: it has no plan');
  });
});
