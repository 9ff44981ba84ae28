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
