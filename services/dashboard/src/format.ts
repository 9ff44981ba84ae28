import { formatDateTime } from '@kupa/web-kit/format';
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

export { parseShekels } from '@kupa/web-kit/format';

/** A moment in Israel's time, in the dashboard's language. */
export function dateTime(iso: string): string {
  return formatDateTime(new Date(iso), i18n.lang);
}
