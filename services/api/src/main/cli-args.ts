import type { parseArgs } from 'node:util';

/** The scheduled jobs an operator may run by hand (`jobs run <name>`). */
export const JOB_NAMES = ['checkout-session-expiry-sweep', 'charge-hold-expiry-sweep', 'renewals', 'reconcile'] as const;
export type JobName = (typeof JOB_NAMES)[number];

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
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
