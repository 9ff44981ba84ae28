/** Formats integer agorot as shekels without floating-point arithmetic: the decimal is built as text. */
export function formatAgorot(agorot: number, lang: 'he' | 'en'): string {
  const sign = agorot < 0 ? '-' : '';
  const abs = Math.abs(agorot);
  const shekels = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  const format = new Intl.NumberFormat(lang === 'he' ? 'he-IL' : 'en-IL', { style: 'currency', currency: 'ILS' }).format as unknown as (value: string) => string;
  return format(`${sign}${shekels}.${rest}`);
}
