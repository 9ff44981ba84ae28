import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../../platform/http/contract';
import type { OperationHandlers } from '../../../../platform/http/contract-router';
import { listReply } from '../../../../platform/http/replies';
import { GetDocument } from '../../application/get-document';
import { ListDocuments } from '../../application/list-documents';
import { renderDocumentHtml } from '../../domain/render-document';
import type { TaxDocument } from '../../domain/tax-document';

export function toDocumentResponse(document: TaxDocument): Schemas['Document'] {
  return {
    id: document.id,
    object: 'document',
    type: document.type,
    number: document.number,
    customer: document.customerId,
    charge: document.chargeId,
    refund: document.refundId,
    currency: document.currency,
    lines: document.lines,
    vat_rate: document.vatRate,
    amount_excluding_vat: document.amountExcludingVat,
    vat_amount: document.vatAmount,
    total: document.total,
    issued_at: document.issuedAt.toISOString(),
    livemode: document.livemode,
  };
}

@injectable()
export class InvoicingRouter {
  constructor(
    @inject(GetDocument) private readonly getDocument: GetDocument,
    @inject(ListDocuments) private readonly listDocuments: ListDocuments,
  ) {}

  handlers(): OperationHandlers {
    return {
      getDocument: async ({ auth, params }) => ({ success: true, data: toDocumentResponse(await this.getDocument.execute(auth, params.id)) }),
      getDocumentHtml: async ({ auth, params }) => ({ html: renderDocumentHtml(await this.getDocument.execute(auth, params.id)) }),
      listDocuments: async ({ auth, query }) => listReply(await this.listDocuments.execute(auth, { charge: query.charge, customer: query.customer }, query), toDocumentResponse),
    };
  }
}
