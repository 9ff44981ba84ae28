import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { GetDocument } from '../../application/get-document';
import { ListDocuments } from '../../application/list-documents';
import { PrintDocument } from '../../application/print-document';
import { CompleteTaxAuthorityConnection } from '../../application/complete-tax-authority-connection';
import { ConnectTaxAuthority } from '../../application/connect-tax-authority';
import { toDocumentResponse } from '../../published/document';
import { zipSync } from 'fflate';
import { ArchiveDocuments } from '../../application/archive-documents';
import { GetDocumentPdf } from '../../application/get-document-pdf';
import { SigningCertificates } from '../../application/signing-certificates';
import type { DocumentCertificate } from '../../domain/document-certificate';
import type { DocumentFile } from '../../domain/document-file';
import type { FileReply } from '../../../../platform/http/handlers';

const pdfReply = (file: DocumentFile, inline: boolean): FileReply => ({
  file: file.pdf,
  contentType: 'application/pdf',
  filename: file.filename,
  inline,
});

const toCertificateResponse = (certificate: DocumentCertificate) => ({
  object: 'document_certificate' as const,
  livemode: certificate.livemode,
  subject: certificate.subject,
  expires_at: certificate.expiresAt.toISOString(),
  test: certificate.test,
  created_at: certificate.createdAt.toISOString(),
});

@injectable()
export class InvoicingRouter {
  constructor(
    @inject(GetDocument) private readonly getDocument: GetDocument,
    @inject(ListDocuments) private readonly listDocuments: ListDocuments,
    @inject(PrintDocument) private readonly printDocument: PrintDocument,
    @inject(ConnectTaxAuthority) private readonly connectTaxAuthority: ConnectTaxAuthority,
    @inject(CompleteTaxAuthorityConnection) private readonly completeConnection: CompleteTaxAuthorityConnection,
    @inject(GetDocumentPdf) private readonly getDocumentPdf: GetDocumentPdf,
    @inject(SigningCertificates) private readonly signingCertificates: SigningCertificates,
    @inject(ArchiveDocuments) private readonly archiveDocuments: ArchiveDocuments,
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
      getDocumentPdf: async ({ auth, params }) => pdfReply(await this.getDocumentPdf.execute(auth, params.id), false),
      viewDocument: async ({ params, query }) =>
        query.format === 'pdf'
          ? pdfReply(await this.getDocumentPdf.forCustomer(params.id), true)
          : { html: await this.printDocument.forCustomer(params.id, query.locale ?? 'he') },
      uploadDocumentCertificate: async ({ auth, body }) => ({
        success: true,
        data: toCertificateResponse(await this.signingCertificates.upload(auth, body.pkcs12, body.password)),
      }),
      connectTaxAuthority: async ({ auth }) => {
        const { authorizationUrl } = await this.connectTaxAuthority.execute(auth);
        return { success: true, data: { object: 'tax_authority_authorization', authorization_url: authorizationUrl } };
      },
      completeTaxAuthorityConnection: async ({ query }) => {
        await this.completeConnection.execute(query.code, query.state);
        return { html: CONNECTED_PAGE };
      },
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
      exportDocuments: async ({ auth, query }) => {
        const name = `documents-${auth.livemode ? 'live' : 'test'}-${query.issued_from}-${query.issued_to}`;
        if (query.format !== 'zip')
          return { csv: await this.listDocuments.export(auth, query.issued_from, query.issued_to), filename: `${name}.csv` };
        const entries = await this.archiveDocuments.execute(auth, query.issued_from, query.issued_to);
        const zip = zipSync(Object.fromEntries(entries.map((entry) => [entry.name, [entry.data, { level: entry.compressed ? 0 : 6 }]])));
        return { file: Buffer.from(zip), contentType: 'application/zip', filename: `${name}.zip` };
      },
    };
  }
}

/** What the merchant sees back from the Tax Authority: the connection is made. */
const CONNECTED_PAGE = `<!doctype html>
<html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>מחובר לרשות המסים / Connected to the Tax Authority</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}</style></head>
<body><h1>העסק מחובר לרשות המסים</h1><p>מספרי ההקצאה למסמכים יתקבלו מעכשיו אוטומטית. אפשר לסגור את הדף.</p>
<h1 lang="en" dir="ltr">Your business is connected to the Tax Authority</h1>
<p lang="en" dir="ltr">Allocation numbers for your documents now come automatically. You can close this page.</p></body></html>`;
