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
