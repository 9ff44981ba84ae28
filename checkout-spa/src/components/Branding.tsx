import type { components } from '@kupa/sdk';
import type { Messages } from '../i18n/messages';

type Merchant = components['schemas']['Merchant'];

/** The merchant's brand colour for the page's accent (already readable on white), or Kupa's own. */
export function accentStyle(merchant: Merchant | null | undefined): Record<string, string> {
  const accent = merchant?.branding.accent_color;
  return accent ? { '--accent': accent } : {};
}

/** The merchant's logo beside their name; decorative, since the name is written next to it. */
export function MerchantLogo({ merchant }: { merchant: Merchant }) {
  const logo = merchant.branding.logo_url;
  return logo ? <img class="merchant__logo" src={logo} alt="" height={40} /> : null;
}

/** Links to the merchant's terms and privacy pages, when they gave them. */
export function LegalLinks({ merchant, t }: { merchant: Merchant; t: Messages }) {
  const { terms_url: terms, privacy_url: privacy } = merchant.branding;
  if (!terms && !privacy) return null;
  return (
    <p class="legal">
      {terms && (
        <a href={terms} target="_blank" rel="noopener">
          {t.terms}
        </a>
      )}
      {privacy && (
        <a href={privacy} target="_blank" rel="noopener">
          {t.privacy}
        </a>
      )}
    </p>
  );
}
