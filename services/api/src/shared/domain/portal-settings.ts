/** Why a customer canceled, as the customer portal asks it. */
export const CANCELLATION_REASONS = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** What a customer may do in the customer portal, per account and mode. */
export interface PortalSettings {
  /** The recurring prices a customer may switch between; none: no switching. */
  allowedPrices: string[];
  prorationBehavior: 'create_prorations' | 'always_invoice' | 'none';
  cancelMode: 'immediately' | 'at_period_end';
  /** The reasons offered when canceling; none: no reason is asked. */
  cancellationReasons: CancellationReason[];
}

/**
 * Until the merchant says otherwise: no switching, a switch paid (or credited) at once, a cancellation at
 * the period's end, and the common reasons asked.
 */
export const DEFAULT_PORTAL_SETTINGS: PortalSettings = {
  allowedPrices: [],
  prorationBehavior: 'always_invoice',
  cancelMode: 'at_period_end',
  cancellationReasons: ['too_expensive', 'missing_features', 'switched_service', 'unused', 'other'],
};
