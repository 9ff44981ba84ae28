import type { Schemas } from '../../../shared/contract/contract';
import type { ProcessorView } from '../application/ports/account-processors';
import type { DocumentCertificateView, TaxAuthorityView } from '../application/ports/account-invoicing';
import type { Account, BusinessProfile } from '../domain/account';
import type { PortalSettings } from '../../../shared/domain/portal-settings';

type BusinessProfileBody = Schemas['BusinessProfile'];

export function toBusinessProfileResponse(profile: BusinessProfile): BusinessProfileBody {
  return {
    legal_name: profile.legalName,
    business_number: profile.businessNumber,
    dealer_type: profile.dealerType,
    address: { line1: profile.address.line1, city: profile.address.city, postal_code: profile.address.postalCode },
    email: profile.email,
    phone: profile.phone,
  };
}

export function toProcessorResponse(processor: ProcessorView): Schemas['ProcessorConnection'] {
  const { capabilities } = processor;
  return {
    object: 'processor_connection',
    name: processor.name,
    terminal: processor.terminal,
    capabilities: {
      hold_window_seconds: Math.floor(capabilities.holdWindowMs / 1000),
      partial_capture: capabilities.partialCapture,
      installments: { kinds: capabilities.installments.kinds, max: capabilities.installments.max },
      three_d_secure: capabilities.threeDSecure,
      wallets: capabilities.wallets,
      amount_unit: capabilities.amountUnit,
      card_collection: capabilities.cardCollection.type,
      bit_page: capabilities.bitPage && { minimum_amount: capabilities.bitPage.minimumAmount },
    },
    livemode: processor.livemode,
    created: processor.createdAt?.toISOString() ?? null,
    updated: processor.updatedAt?.toISOString() ?? null,
  };
}

export function toAccountResponse(
  account: Account,
  livemode: boolean,
  processor: ProcessorView | null,
  invoicing: { taxAuthority: TaxAuthorityView; documentCertificate: DocumentCertificateView | null },
): Schemas['Account'] {
  const { taxAuthority, documentCertificate: certificate } = invoicing;
  return {
    id: account.id,
    object: 'account',
    name: account.name,
    business_profile: account.businessProfile && toBusinessProfileResponse(account.businessProfile),
    wallets_enabled: account.walletsEnabled,
    live_onboarded: account.liveOnboarded,
    cardholder_id_required: account.cardholderIdRequired,
    processor: processor && toProcessorResponse(processor),
    portal: portalResponse(account.portal(livemode)),
    dunning: { retry_days: account.retryDays },
    tax_authority: { status: taxAuthority.status, connected_at: taxAuthority.connectedAt?.toISOString() ?? null },
    document_certificate: certificate && {
      subject: certificate.subject,
      expires_at: certificate.expiresAt.toISOString(),
      test: certificate.test,
    },
    branding: {
      logo_url: account.branding.logoUrl,
      color: account.branding.color,
      accent_color: account.accentColor(),
      terms_url: account.branding.termsUrl,
      privacy_url: account.branding.privacyUrl,
    },
    support_refund_limit: account.supportRefundLimit,
    livemode,
    created: account.createdAt.toISOString(),
  };
}

function portalResponse(settings: PortalSettings): Schemas['PortalSettings'] {
  return {
    allowed_prices: settings.allowedPrices,
    proration_behavior: settings.prorationBehavior,
    cancel_mode: settings.cancelMode,
    cancellation_reasons: settings.cancellationReasons,
  };
}
