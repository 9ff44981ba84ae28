import type { Pricing } from '../../discounts';

/** Agorot off every renewal: the plan's share of the discounts that last forever. */
export function renewalDiscount(pricing: Pricing): number {
  return pricing.linked.filter(({ rule }) => rule.duration === 'forever').reduce((sum, linked) => sum + linked.planAmount, 0);
}
