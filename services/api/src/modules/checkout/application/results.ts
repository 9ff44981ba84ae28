import type { MerchantFace } from '../../../shared/domain/branding';
import type { Pricing } from '../../discounts';
import type { CardDetails, DeclineCode } from '../../payments';
import type { CheckoutSession, SessionStatus } from '../domain/checkout-session';

// What the checkout's use cases answer; `interfaces/http/checkout.mapper.ts` turns them into the page's contract.

/** What the shopper is told after paying. */
export type ConfirmOutcome =
  | { status: 'succeeded'; redirectUrl: string }
  | { status: 'requires_action'; challengeId: string }
  | { status: 'failed'; failure: { code: DeclineCode; message: string } };

export const WALLETS = ['apple_pay', 'google_pay', 'bit'] as const;

/** What the checkout page shows, and how the shopper may pay. */
export interface CheckoutPage {
  session: CheckoutSession;
  /** `expired` once its time is up, even before the expiry is recorded. */
  status: SessionStatus;
  pricing: Pricing;
  merchant: MerchantFace;
  options: {
    card: boolean;
    cardholderIdRequired: boolean;
    wallets: (typeof WALLETS)[number][];
    savedCards: { id: string; brand: CardDetails['brand']; last4: string; expMonth: number; expYear: number }[];
    autoOpenWallets: boolean;
  };
}
