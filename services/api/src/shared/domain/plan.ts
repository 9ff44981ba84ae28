import type { DocumentLine } from './document-line';
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

/** A plan as the page shows it: its name, unit price, how many and how often. */
export interface PlanShown {
  name: string;
  unitAmount: number;
  quantity: number;
  interval: BillingInterval;
}

/**
 * A subscription's move to another price, paid on the checkout page (DESIGN §3d "Plan change through
 * checkout"): decided when the session opens, settled now (`always_invoice`), kept opaque until paid.
 */
export interface CheckoutPlanChange {
  subscriptionId: string;
  current: PlanShown;
  next: PlanShown;
  /** The credit for the unused time and the debit for the same time on the new plan: what is paid now is their sum. */
  lines: DocumentLine[];
  change: unknown;
}
