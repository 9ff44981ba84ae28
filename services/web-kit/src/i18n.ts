import type { Lang } from './format';

export type { Lang };

/** `auto` follows the browser's language and falls back to Hebrew. */
export function resolveLang(
  locale: 'auto' | Lang,
  browserLanguages: readonly string[] = navigator.languages ?? [navigator.language],
): Lang {
  if (locale !== 'auto') return locale;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'he' || primary === 'iw') return 'he';
    if (primary === 'en') return 'en';
  }
  return 'he';
}

/** The document in this language: its `lang`, and right to left for Hebrew. */
export function applyDocumentLang(lang: Lang): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'he' ? 'rtl' : 'ltr';
}

/** A message with its `{name}` places filled in (an unknown name is left empty). */
export function fillIn(message: string, values: Record<string, string> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
