export type Lang = 'he' | 'en';

/** Integer agorot as shekels, in the page's language, without floating-point arithmetic: the decimal is built as text. */
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

/** Integer agorot as a form field shows them for a person to change: `1240.50`, read back by `parseShekels`. */
export function agorotForField(agorot: number): string {
  const abs = Math.abs(agorot);
  return `${agorot < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A shekel amount typed by a person (`12`, `12.5`, `1,234.50`) as agorot, or null when it is not one. */
export function parseShekels(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const locale = (lang: Lang) => (lang === 'he' ? 'he-IL' : 'en-GB');

/** A day as people read it: `26 בנובמבר 2026`, `26 November 2026`. */
export function formatDate(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** A moment in Israel's time, in the page's language. */
export function formatDateTime(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Jerusalem' }).format(date);
}
