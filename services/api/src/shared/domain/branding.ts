/** How a merchant's pages, emails and documents look: all optional, Kupa's own look where not set. */
export interface Branding {
  /** An https image of the merchant's, or the one they uploaded (served by the checkout host). */
  logoUrl: string | null;
  /** The uploaded logo, when `logoUrl` is it. */
  logoId: string | null;
  /** `#rrggbb` as the merchant gave it. */
  color: string | null;
  termsUrl: string | null;
  privacyUrl: string | null;
}

export const NO_BRANDING: Branding = { logoUrl: null, logoId: null, color: null, termsUrl: null, privacyUrl: null };

/** The merchant as their customers' pages show them: the name, and the look with a colour readable on the page. */
export interface MerchantFace {
  name: string;
  logoUrl: string | null;
  /** The brand colour, readable on the pages (WCAG AA), or null for Kupa's own. */
  accentColor: string | null;
  termsUrl: string | null;
  privacyUrl: string | null;
}
