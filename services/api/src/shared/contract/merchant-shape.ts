import type { MerchantFace } from '../domain/branding';
import type { Schemas } from './contract';

/** The merchant as the contract shows them on their customers' pages (checkout, portal). */
export function merchantShape(face: MerchantFace): Schemas['Merchant'] {
  return {
    name: face.name,
    branding: { logo_url: face.logoUrl, accent_color: face.accentColor, terms_url: face.termsUrl, privacy_url: face.privacyUrl },
  };
}
