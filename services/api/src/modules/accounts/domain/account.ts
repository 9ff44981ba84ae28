import { ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { BusinessProfile } from '../../../shared/domain/business-profile';
import { businessNumberValid } from '../../../shared/domain/israeli-id';
import { DEFAULT_PORTAL_SETTINGS, type PortalSettings } from '../../../shared/domain/portal-settings';
import { type Branding, type MerchantFace, NO_BRANDING } from '../../../shared/domain/branding';
import { readableOnPage } from '../../../shared/domain/brand-color';

export type { BusinessProfile, DealerType } from '../../../shared/domain/business-profile';

export interface AccountSettings {
  walletsEnabled?: boolean;
  liveOnboarded?: boolean;
  cardholderIdRequired?: boolean;
  businessProfile?: BusinessProfile;
  /** Days after a renewal's first decline on which it is retried; a failure on the last cancels. */
  retryDays?: number[];
  /** The fields given replace those kept; null clears one. */
  branding?: Partial<Omit<Branding, 'logoId'>>;
  /** The customer portal's settings of one mode: the fields given replace those kept. */
  portal?: { livemode: boolean; settings: Partial<PortalSettings> };
  /** The largest refund, in agorot, a dashboard user with the `support` role may make. */
  supportRefundLimit?: number;
}

/** Until the merchant sets a schedule: retries 1, 3 and 5 days after the first decline. */
export const DEFAULT_RETRY_DAYS: readonly number[] = [1, 3, 5];

/** Until the merchant sets one: ₪500. */
export const DEFAULT_SUPPORT_REFUND_LIMIT = 50_000;

export class Account {
  id!: string;
  name!: string;
  /** Null until the merchant gives it; going live needs it. */
  businessProfile!: BusinessProfile | null;
  /** Digital wallets (Apple Pay, Google Pay, Bit) may be offered on this account's checkout pages. */
  walletsEnabled!: boolean;
  /** Processor onboarding and business identity linking are done, so live keys may move money. */
  liveOnboarded!: boolean;
  /** Card payers must give their ID number (ת.ז.), as the account's Israeli processor requires. */
  cardholderIdRequired!: boolean;
  /** Days after a renewal's first decline on which it is retried (soft declines only); the last failure cancels. */
  retryDays!: number[];
  /** Logo, colour, terms and privacy pages on the checkout page, the portal, emails and documents. */
  branding!: Branding;
  /** The customer portal's settings, per mode, as the merchant set them (the rest are the defaults). */
  portalSettings!: { test?: Partial<PortalSettings>; live?: Partial<PortalSettings> };
  /** The largest refund, in agorot, a dashboard user with the `support` role may make. */
  supportRefundLimit!: number;
  createdAt!: Date;

  static create(input: { name: string; walletsEnabled: boolean }, now: Date): Account {
    const account = new Account();
    account.id = newId('acct');
    account.name = input.name;
    account.businessProfile = null;
    account.walletsEnabled = input.walletsEnabled;
    account.liveOnboarded = false;
    account.cardholderIdRequired = false;
    account.portalSettings = {};
    account.retryDays = [...DEFAULT_RETRY_DAYS];
    account.branding = NO_BRANDING;
    account.supportRefundLimit = DEFAULT_SUPPORT_REFUND_LIMIT;
    account.createdAt = now;
    return account;
  }

  changeSettings(settings: AccountSettings): void {
    if (settings.businessProfile !== undefined) {
      if (!businessNumberValid(settings.businessProfile.businessNumber)) {
        throw new ValidationError(
          'tax_id_invalid',
          `'${settings.businessProfile.businessNumber}' is not a valid business number: nine digits with a check digit`,
          'business_profile.business_number',
        );
      }
      this.businessProfile = settings.businessProfile;
    }
    if (settings.walletsEnabled !== undefined) this.walletsEnabled = settings.walletsEnabled;
    if (settings.liveOnboarded !== undefined) {
      // Live documents are legal documents: they must name the business.
      if (settings.liveOnboarded && !this.businessProfile) {
        throw new ValidationError(
          'business_profile_required',
          'Set the business profile (legal name, business number, dealer type, address) and connect the live card processor before going live',
          'business_profile',
        );
      }
      this.liveOnboarded = settings.liveOnboarded;
    }
    if (settings.cardholderIdRequired !== undefined) this.cardholderIdRequired = settings.cardholderIdRequired;
    if (settings.supportRefundLimit !== undefined) this.supportRefundLimit = settings.supportRefundLimit;
    if (settings.retryDays !== undefined) {
      const days = settings.retryDays;
      if (days.some((day, i) => i > 0 && day <= days[i - 1]))
        throw new ValidationError(
          'parameter_invalid',
          'Retry days must increase: each retry comes after the one before',
          'dunning.retry_days',
        );
      this.retryDays = days;
    }
    if (settings.branding !== undefined) {
      const given = Object.entries(settings.branding).filter(([, value]) => value !== undefined);
      for (const [field, value] of given) {
        if (field !== 'color' && value !== null) httpsUrl(value, `branding.${snake(field)}`);
      }
      const next = { ...this.branding, ...Object.fromEntries(given) };
      // A logo given by URL replaces an uploaded one.
      if (settings.branding.logoUrl !== undefined) next.logoId = null;
      this.branding = next;
    }
    if (settings.portal !== undefined) {
      const mode = settings.portal.livemode ? 'live' : 'test';
      const given = Object.entries(settings.portal.settings).filter(([, value]) => value !== undefined);
      this.portalSettings = { ...this.portalSettings, [mode]: { ...this.portalSettings[mode], ...Object.fromEntries(given) } };
    }
  }

  /** The uploaded `logoId` becomes the logo, at `url`. */
  useLogo(logoId: string, url: string): void {
    this.branding = { ...this.branding, logoId, logoUrl: url };
  }

  /** The brand colour as the pages use it: readable on them (AA), or null for Kupa's own. */
  accentColor(): string | null {
    return this.branding.color && readableOnPage(this.branding.color);
  }

  /** The merchant as their customers' pages show them. */
  face(): MerchantFace {
    const { logoUrl, termsUrl, privacyUrl } = this.branding;
    return { name: this.name, logoUrl, accentColor: this.accentColor(), termsUrl, privacyUrl };
  }

  /** What customers may do in the portal in one mode. */
  portal(livemode: boolean): PortalSettings {
    return { ...DEFAULT_PORTAL_SETTINGS, ...this.portalSettings[livemode ? 'live' : 'test'] };
  }
}

function httpsUrl(value: string, param: string): void {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // refused below
  }
  if (url?.protocol !== 'https:') throw new ValidationError('url_not_https', `${param} must be an https URL`, param);
}

function snake(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
