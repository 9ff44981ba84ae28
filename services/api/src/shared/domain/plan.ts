import type { Currency } from './money';

export type BillingInterval = 'month' | 'year';

/**
 * A recurring price as a checkout offers it and a subscription bills it, frozen when chosen: later
 * changes to the catalog do not reach it.
 */
export interface Plan {
  price: string;
  product: string;
  name: string;
  unitAmount: number;
  currency: Currency;
  interval: BillingInterval;
  trialPeriodDays: number | null;
}

/** A recurring price, as the catalog describes it, frozen into the plan a checkout offers and a subscription bills. */
export function planOf(price: {
  id: string;
  product: string;
  productName: string;
  unitAmount: number;
  interval: BillingInterval | null;
  trialPeriodDays: number | null;
}): Plan {
  if (price.interval === null) throw new Error(`price ${price.id} is not recurring: it has no plan`);
  return {
    price: price.id,
    product: price.product,
    name: price.productName,
    unitAmount: price.unitAmount,
    currency: 'ils',
    interval: price.interval,
    trialPeriodDays: price.trialPeriodDays,
  };
}
