/**
 * The kinds of money intent. An intent is a processor call that moves money, committed before it is made
 * with the idempotency key the processor will see. Each kind is one aggregate, and all of them share the
 * `money_intents` table (see `modules/payments/application/money/README.md`).
 */
export const INTENT_KINDS = ['checkout_payment', 'capture', 'cancel', 'refund', 'subscription_start', 'subscription_change'] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];

/** What every intent records, whatever its kind. */
export interface MoneyIntent {
  id: string;
  kind: IntentKind;
  accountId: string;
  livemode: boolean;
  idempotencyKey: string;
  /** `pending` is in flight: its call may be made again with its key, and its answer is not recorded yet. */
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'abandoned';
  createdAt: Date;
  /** Since when it is in flight as it is (its start, or the shopper's 3-D Secure answer): what the reconciler ages it by. */
  updatedAt: Date;
}

/**
 * The processor's key for a subscription period's charge: the first period's (a start's, period 0, try
 * 1) and each try at a renewal. A start commits it with its intent; a renewal's is named by it.
 */
export function periodChargeKey(subscriptionId: string, period: number, attempt: number): string {
  return `sub_${subscriptionId}_${period}_${attempt}`;
}
