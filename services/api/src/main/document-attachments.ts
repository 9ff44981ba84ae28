import { inject, injectable } from 'inversify';
import { GetDocumentPdf } from '../modules/invoicing';
import type { Attachment, DocumentAttachments } from '../modules/notifications';

/** Emails attach the documents' signed PDFs, which invoicing renders (notifications knows no documents). */
@injectable()
export class InvoicingDocumentAttachments implements DocumentAttachments {
  constructor(@inject(GetDocumentPdf) private readonly getDocumentPdf: GetDocumentPdf) {}

  async forEmail(documentId: string): Promise<Attachment | 'pending' | null> {
    const file = await this.getDocumentPdf.forEmail(documentId);
    return file === 'pending' || file === null ? file : { filename: file.filename, pdf: file.pdf };
  }
}
