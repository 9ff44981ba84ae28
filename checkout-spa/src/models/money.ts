import type { Lang } from '../i18n/messages';

/** Formats integer agorot as shekels without floating-point arithmetic: the decimal is built as text. */
export function formatAgorot(agorot: number, lang: Lang): string {
  const sign = agorot < 0 ? '-' : '';
  const abs = Math.abs(agorot);
  const shekels = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  const format = new Intl.NumberFormat(lang === 'he' ? 'he-IL' : 'en-IL', { style: 'currency', currency: 'ILS' }).format as unknown as (
    value: string,
  ) => string;
  return format(`${sign}${shekels}.${rest}`);
}

/** Splits a total into `count` payments in whole agorot: the first carries the remainder. */
export function splitInstallments(total: number, count: number): { first: number; rest: number } {
  const rest = Math.floor(total / count);
  return { first: total - rest * (count - 1), rest };
}

/** A day as the shopper reads it: `26 בנובמבר 2026`, `26 November 2026`. */
export function formatDate(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'he' ? 'he-IL' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
