import type { MerchantFace } from '../../../shared/domain/branding';
import type { Pricing } from '../../discounts';
import type { CardDetails, DeclineCode, HostedAction, ProcessorCapabilities } from '../../payments';
import type { CheckoutSession, SessionStatus } from '../domain/checkout-session';

// What the checkout's use cases answer; `interfaces/http/checkout.mapper.ts` turns them into the page's contract.

/** What the shopper is told after paying. */
export type ConfirmOutcome =
  | { status: 'succeeded'; redirectUrl: string }
  | { status: 'requires_action'; challengeId: string }
  /** The processor's own card fields or Bit page make the payment on the page: what they are handed, or the page. */
  | { status: 'requires_action'; challengeId: string; hosted: HostedAction }
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
    /** Wallets paid by a token from the wallet (test mode). */
    wallets: (typeof WALLETS)[number][];
    /** Whether Bit on the processor's own page can pay the session. */
    bitPage: boolean;
    savedCards: { id: string; brand: CardDetails['brand']; last4: string; expMonth: number; expYear: number }[];
    autoOpenWallets: boolean;
  };
}
