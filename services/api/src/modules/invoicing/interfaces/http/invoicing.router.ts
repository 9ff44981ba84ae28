import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../../platform/http/contract';
import type { OperationHandlers } from '../../../../platform/http/contract-router';
import { listReply } from '../../../../platform/http/replies';
import { GetDocument } from '../../application/get-document';
import { ListDocuments } from '../../application/list-documents';
import { PrintDocument } from '../../application/print-document';
import { DOCUMENT_TYPE_CODES, type TaxDocument } from '../../domain/tax-document';

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
    refers_to: document.refersTo && { document: document.refersTo.documentId, type: document.refersTo.type, number: document.refersTo.number },
    lines: document.lines,
    vat_rate: document.vatRate,
    amount_excluding_vat: document.amountExcludingVat,
    vat_amount: document.vatAmount,
    total: document.total,
    payment: { card_last4: payment.cardLast4, installments: payment.installments },
    issued_at: document.issuedAt.toISOString(),
    livemode: document.livemode,
  };
}

@injectable()
export class InvoicingRouter {
  constructor(
    @inject(GetDocument) private readonly getDocument: GetDocument,
    @inject(ListDocuments) private readonly listDocuments: ListDocuments,
    @inject(PrintDocument) private readonly printDocument: PrintDocument,
  ) {}

  handlers(): OperationHandlers {
    return {
      getDocument: async ({ auth, params }) => ({ success: true, data: toDocumentResponse(await this.getDocument.execute(auth, params.id)) }),
      getDocumentHtml: async ({ auth, params, query }) => ({ html: await this.printDocument.execute(auth, params.id, query.locale ?? 'he') }),
      listDocuments: async ({ auth, query }) => listReply(await this.listDocuments.execute(auth, { charge: query.charge, customer: query.customer }, query), toDocumentResponse),
    };
  }
}
