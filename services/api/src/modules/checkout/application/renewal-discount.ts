import type { BillingInterval } from '../../../shared/domain/plan';
import type { Pricing } from '../../discounts';

/** The plan's share of the discounts that outlast the first charge: forever, or for their months. */
export function planDiscounts(pricing: Pricing): { amount: number; months: number | null }[] {
  return pricing.linked
    .filter(({ rule, planAmount }) => rule.duration !== 'once' && planAmount > 0)
    .map(({ rule, planAmount }) => ({ amount: planAmount, months: rule.duration === 'repeating' ? rule.durationInMonths : null }));
}

/** Agorot off the first renewal (one interval after the first charge): the discounts still running then. */
export function renewalDiscount(pricing: Pricing, interval: BillingInterval): number {
  const intervalMonths = interval === 'year' ? 12 : 1;
  return planDiscounts(pricing)
    .filter(({ months }) => months === null || months > intervalMonths)
    .reduce((sum, { amount }) => sum + amount, 0);
}
