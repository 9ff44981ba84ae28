import type { parseArgs } from 'node:util';

/** The scheduled jobs an operator may run by hand (`jobs run <name>`). */
export const JOB_NAMES = [
  'checkout-session-expiry-sweep',
  'charge-hold-expiry-sweep',
  'renewals',
  'card-expiry-notices',
  'allocation-sweep',
  'reconcile',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const DEALER_TYPES = ['licensed_dealer', 'exempt_dealer', 'company', 'non_profit'] as const;

/** The flags of the business profile, given together. */
export const PROFILE_FLAGS = [
  'legal-name',
  'business-number',
  'dealer-type',
  'address',
  'city',
  'postal-code',
  'contact-email',
  'contact-phone',
] as const;

export class UsageError extends Error {}

export const OPTIONS = {
  name: { type: 'string' },
  account: { type: 'string' },
  mode: { type: 'string', default: 'test' },
  scope: { type: 'string', default: 'secret' },
  wallets: { type: 'boolean' },
  'no-wallets': { type: 'boolean' },
  'cardholder-id': { type: 'boolean' },
  'no-cardholder-id': { type: 'boolean' },
  'live-onboarded': { type: 'boolean' },
  'no-live-onboarded': { type: 'boolean' },
  'legal-name': { type: 'string' },
  'business-number': { type: 'string' },
  'dealer-type': { type: 'string' },
  address: { type: 'string' },
  city: { type: 'string' },
  'postal-code': { type: 'string' },
  'contact-email': { type: 'string' },
  'contact-phone': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string', default: 'owner' },
  locale: { type: 'string', default: 'he' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
