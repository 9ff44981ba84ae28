import { formatAgorot, formatDateTime } from '@kupa/web-kit/format';
import { i18n } from './i18n';

/** Agorot as shekels in the dashboard's language, as the checkout page and the portal show them. */
export function shekels(agorot: number): string {
  return formatAgorot(agorot, i18n.lang);
}

export { agorotForField, parseShekels } from '@kupa/web-kit/format';

/** A moment in Israel's time, in the dashboard's language. */
export function dateTime(iso: string): string {
  return formatDateTime(new Date(iso), i18n.lang);
}

const WALLETS = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', bit: 'Bit' } as const;

/**
 * What paid a charge, as a row shows it: the card's last four (with its brand when `withBrand`), or the
 * wallet's name when no card is known (Bit on the processor's page shows none); `—` when neither.
 */
export function paidWith(
  details: { wallet?: keyof typeof WALLETS | null; card: { brand: string; last4: string } } | null | undefined,
  withBrand = false,
): string {
  if (!details) return '—';
  const { card, wallet } = details;
  if (card.brand === 'unknown' && card.last4 === '0000') return wallet ? WALLETS[wallet] : '—';
  return withBrand ? `${card.brand} •••• ${card.last4}` : `•••• ${card.last4}`;
}
