import type { MerchantFace } from '../../../shared/domain/branding';
import type { Pricing } from '../../discounts';
import type { CardDetails, DeclineCode, ProcessorCapabilities } from '../../payments';
import type { CheckoutSession, SessionStatus } from '../domain/checkout-session';

// What the checkout's use cases answer; `interfaces/http/checkout.mapper.ts` turns them into the page's contract.

/** What the shopper is told after paying. */
export type ConfirmOutcome =
  | { status: 'succeeded'; redirectUrl: string }
  | { status: 'requires_action'; challengeId: string }
  /** The processor's own card fields make the payment on the page: `charge` is what they are handed. */
  | { status: 'requires_action'; challengeId: string; hostedCharge: Record<string, string> }
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
    /** How a new card is taken: the page's fields, or the processor's own (from their script). */
    cardCollection: ProcessorCapabilities['cardCollection'];
    cardholderIdRequired: boolean;
    wallets: (typeof WALLETS)[number][];
    savedCards: { id: string; brand: CardDetails['brand']; last4: string; expMonth: number; expYear: number }[];
    autoOpenWallets: boolean;
  };
}
