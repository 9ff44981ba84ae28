import { ValidationError } from '../../../shared/domain/domain-error';

export type CaptureMethod = 'automatic' | 'manual';

/** How a merchant asks a session to be paid, as sent. */
export interface AskedPaymentOptions {
  captureMethod: CaptureMethod;
  /** `undefined`: every method the account takes. */
  paymentMethods: string[] | undefined;
  autoOpenWallets: boolean;
  installmentsMax: number | null;
}

/** What the options are checked against: the session's kind, the account, and its processor when one is known. */
export interface PaymentContext {
  recurring: boolean;
  /** What the session charges before discounts (Bit's page takes only enough). */
  total: number;
  walletsEnabled: boolean;
  /**
   * What the scope's processor can do; null in live mode before one is connected. `bitPage`: Bit on its
   * own page, for a sale of at least `minimumAmount` (a wallet the shopper opens, never one that opens itself).
   */
  processor: { wallets: string[]; bitPage: { minimumAmount: number } | null; installmentsMax: number } | null;
}

/**
 * How a session may be paid: a hold (J5) or a sale, which methods, wallets opening by themselves, and up
 * to how many installments. Decided once, when the session opens: whatever the session's kind or the
 * account's processor cannot do is refused then, never at payment.
 */
export class PaymentOptions {
  private constructor(
    readonly captureMethod: CaptureMethod,
    /** Empty: every method the account takes. */
    readonly paymentMethods: string[],
    readonly autoOpenWallets: boolean,
    readonly installmentsMax: number | null,
  ) {}

  static decide(asked: AskedPaymentOptions, context: PaymentContext): PaymentOptions {
    const manual = asked.captureMethod === 'manual';
    if (context.recurring) forRecurring(asked);
    if (asked.autoOpenWallets) autoOpenedWallets(asked, context.walletsEnabled);
    if (asked.installmentsMax !== null && manual)
      throw new ValidationError(
        'installments_not_supported_for_manual',
        'installments are not supported with capture_method manual',
        'installments',
      );
    if (context.processor) takenByProcessor(asked, context);
    return new PaymentOptions(asked.captureMethod, asked.paymentMethods ?? [], asked.autoOpenWallets, asked.installmentsMax);
  }
}

/** A subscription is charged in full, by a card it can save, on the page. */
function forRecurring(asked: AskedPaymentOptions): void {
  if (asked.captureMethod === 'manual')
    throw new ValidationError(
      'manual_capture_not_supported_for_recurring',
      'capture_method manual is only for one-time prices and carts',
      'capture_method',
    );
  if (asked.paymentMethods !== undefined)
    throw new ValidationError(
      'payment_methods_not_supported_for_recurring',
      'payment_methods is not supported for recurring or mixed sessions',
      'payment_methods',
    );
  if (asked.autoOpenWallets)
    throw new ValidationError(
      'auto_open_wallets_not_supported_for_recurring',
      'auto_open_wallets is not supported for recurring or mixed sessions',
      'auto_open_wallets',
    );
  if (asked.installmentsMax !== null)
    throw new ValidationError('installments_not_supported_for_recurring', 'installments are for one-time payments only', 'installments');
}

/** Wallets open by themselves only for a sale, on an account that takes wallets, among the methods offered. */
function autoOpenedWallets(asked: AskedPaymentOptions, walletsEnabled: boolean): void {
  if (asked.captureMethod === 'manual')
    throw new ValidationError(
      'auto_open_wallets_not_supported_for_manual',
      'auto_open_wallets is not supported with capture_method manual',
      'auto_open_wallets',
    );
  if (!walletsEnabled)
    throw new ValidationError('express_checkout_disabled', 'Digital wallets are not enabled for this account', 'auto_open_wallets');
  if (asked.paymentMethods?.length && !asked.paymentMethods.includes('wallet'))
    throw new ValidationError(
      'auto_open_wallets_requires_wallet',
      'auto_open_wallets needs wallet among payment_methods',
      'auto_open_wallets',
    );
}

/** What the processor lacks is refused now, never at payment. */
function takenByProcessor(asked: AskedPaymentOptions, context: PaymentContext): void {
  const processor = context.processor!;
  if (asked.installmentsMax !== null && asked.installmentsMax > processor.installmentsMax)
    throw new ValidationError(
      'not_supported_by_processor',
      `The account's processor takes up to ${processor.installmentsMax} installments`,
      'installments.max',
    );
  // Bit on the processor's own page is made when the shopper asks for it, so it never opens by itself.
  if (asked.autoOpenWallets && processor.wallets.length === 0)
    throw new ValidationError(
      'not_supported_by_processor',
      "The account's processor takes no wallet that opens by itself (Bit opens on the shopper's click)",
      'auto_open_wallets',
    );
  const bitTakes = processor.bitPage !== null && asked.captureMethod !== 'manual' && context.total >= processor.bitPage.minimumAmount;
  if (asked.paymentMethods?.includes('wallet') && processor.wallets.length === 0 && !bitTakes)
    throw new ValidationError(
      'not_supported_by_processor',
      processor.bitPage
        ? `The account's processor takes a wallet (Bit) only for a sale of at least ${processor.bitPage.minimumAmount} agorot`
        : "The account's processor takes no wallet payments",
      'payment_methods',
    );
}
