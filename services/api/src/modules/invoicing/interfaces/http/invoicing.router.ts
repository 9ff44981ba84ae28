import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/contract-router';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { GetDocument } from '../../application/get-document';
import { ListDocuments } from '../../application/list-documents';
import { PrintDocument } from '../../application/print-document';
import { toDocumentResponse } from '../../application/published/document';

@injectable()
export class InvoicingRouter {
  constructor(
    @inject(GetDocument) private readonly getDocument: GetDocument,
    @inject(ListDocuments) private readonly listDocuments: ListDocuments,
    @inject(PrintDocument) private readonly printDocument: PrintDocument,
  ) {}

  handlers(): OperationHandlers {
    return {
      getDocument: async ({ auth, params }) => ({
        success: true,
        data: toDocumentResponse(await this.getDocument.execute(auth, params.id)),
      }),
      getDocumentHtml: async ({ auth, params, query }) => ({
        html: await this.printDocument.execute(auth, params.id, query.locale ?? 'he'),
      }),
      viewDocument: async ({ params, query }) => ({ html: await this.printDocument.forCustomer(params.id, query.locale ?? 'he') }),
      listDocuments: async ({ auth, query }) => {
        const filter = {
          charge: query.charge,
          customer: query.customer,
          type: query.type,
          issuedFrom: query.issued_from,
          issuedTo: query.issued_to,
        };
        return listReply(await this.listDocuments.execute(auth, filter, pageOf(query)), toDocumentResponse);
      },
      exportDocuments: async ({ auth, query }) => ({
        csv: await this.listDocuments.export(auth, query.issued_from, query.issued_to),
        filename: `documents-${auth.livemode ? 'live' : 'test'}-${query.issued_from}-${query.issued_to}.csv`,
      }),
    };
  }
}
