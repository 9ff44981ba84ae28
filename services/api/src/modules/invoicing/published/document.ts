import { documentLineShape } from '../../../shared/contract/line-shapes';
import type { Schemas } from '../../../shared/contract/contract';
import { DOCUMENT_TYPE_CODES, type TaxDocument } from '../domain/tax-document';

/** The contract's shape of a document, for responses and the document's events. */
export function toDocumentResponse(document: TaxDocument): Schemas['Document'] {
  const { issuer, recipient, payment } = document.details;
  const profile = issuer.profile;
  return {
    id: document.id,
    object: 'document',
    type: document.type,
    type_code: DOCUMENT_TYPE_CODES[document.type],
    number: document.number,
    customer: document.customerId,
    charge: document.chargeId,
    refund: document.refundId,
    currency: document.currency,
    issuer: {
      name: issuer.name,
      legal_name: profile?.legalName ?? null,
      business_number: profile?.businessNumber ?? null,
      dealer_type: profile?.dealerType ?? null,
      address: profile ? { line1: profile.address.line1, city: profile.address.city, postal_code: profile.address.postalCode } : null,
      email: profile?.email ?? null,
      phone: profile?.phone ?? null,
    },
    recipient: { name: recipient.name, tax_id: recipient.taxId, email: recipient.email, phone: recipient.phone },
    refers_to: document.refersTo && {
      document: document.refersTo.documentId,
      type: document.refersTo.type,
      number: document.refersTo.number,
    },
    lines: document.lines.map(documentLineShape),
    vat_rate: document.vatRate,
    amount_excluding_vat: document.amountExcludingVat,
    vat_amount: document.vatAmount,
    total: document.total,
    payment: { card_last4: payment.cardLast4, installments: payment.installments },
    allocation: document.allocation && {
      status: document.allocation.status,
      number: document.allocation.number,
      refusal_reason: document.allocation.refusalReason,
    },
    issued_at: document.issuedAt.toISOString(),
    livemode: document.livemode,
  };
}
