import type { MerchantFace } from '../../../shared/domain/branding';
import type { BillingInterval } from '../../../shared/domain/plan';
import type { DocumentLine } from '../../../shared/domain/document-line';
import type { PortalSettings } from '../../../shared/domain/portal-settings';
import type { CatalogPrice } from '../../catalog';
import type { ListCharges, ListPaymentMethods } from '../../payments';
import type { ListDocuments } from '../../invoicing';
import type { PortalSession } from '../domain/portal-session';
import type { PortalAccess } from './portal-access';

// What the portal's use cases answer, in the portal's words; `interfaces/http/portal.mapper.ts` turns them
// into the contract's `PortalPage` and `PortalSwitchPreview`.

type PortalSubscription = Awaited<ReturnType<PortalAccess['subscriptions']>>[number];
type Card = Awaited<ReturnType<ListPaymentMethods['ofCustomer']>>['items'][number];
type Charge = Awaited<ReturnType<ListCharges['execute']>>['items'][number];
type Document = Awaited<ReturnType<ListDocuments['execute']>>['items'][number];

/** A price the portal offers to switch to: active and recurring. */
export interface PlanOption {
  id: string;
  name: string;
  unitAmount: number;
  interval: BillingInterval;
}

/** What the portal shows its customer. */
export interface PortalView {
  session: PortalSession;
  merchant: MerchantFace;
  customer: { name: string; email: string | null; phone: string | null };
  settings: PortalSettings;
  cardholderIdRequired: boolean;
  /** Whether a new card can be added: not on a processor whose own card fields save a card only with a payment. */
  addCard: boolean;
  /** How a new card is taken: the page's own fields, or the processor's own (from their script). */
  cardCollection: { type: 'server' } | { type: 'hosted_fields'; scriptUrl: string };
  subscriptions: {
    subscription: PortalSubscription;
    /** The next charge as it stands; none while canceled, or while a change is being charged. */
    nextCharge: { date: Date; amount: number } | null;
    switchTo: PlanOption[];
  }[];
  cards: { card: Card; isDefault: boolean; inUse: boolean }[];
  payments: { charge: Charge; documents: { document: Document; url: string }[] }[];
}

/** What switching plan would cost, changing nothing. */
export interface SwitchPreview {
  price: PlanOption;
  chargedNow: boolean;
  amountDue: number;
  credit: number;
  lines: DocumentLine[];
  date: Date | null;
}

/** A price the portal offers to switch to, or null when it cannot be (inactive, or not recurring). */
export function planOption(price: CatalogPrice | undefined): PlanOption | null {
  return price?.active && price.interval
    ? { id: price.id, name: price.productName, unitAmount: price.unitAmount, interval: price.interval }
    : null;
}
