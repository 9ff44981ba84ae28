import { i18n } from './i18n';

/** Agorot as shekels, exactly: integer arithmetic, never a float. */
export function shekels(agorot: number): string {
  const sign = agorot < 0 ? '-' : '';
  const abs = Math.abs(agorot);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₪${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A shekel amount typed by a person (`12`, `12.5`, `1,234.50`) as agorot, or null when it is not one. */
export function parseShekels(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function dateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.lang === 'he' ? 'he-IL' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Jerusalem',
  }).format(new Date(iso));
}
