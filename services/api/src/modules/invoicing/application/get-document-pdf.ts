import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { DocumentCertificateRequired, type DocumentFile, DocumentPdfPending } from '../domain/document-file';
import { DocumentNotFound, type TaxDocument } from '../domain/tax-document';
import { DOCUMENT_PDF_QUEUE, INVOICING } from '../invoicing.tokens';
import { GetDocument } from './get-document';
import type { DocumentFileRepository } from './ports/document-files';
import type { DocumentRepository } from './ports/document-repository';
import { SigningCertificates } from './signing-certificates';

/** A document's signed PDF, as the worker rendered it: the true copy for downloads, the original for the customer's email. */
@injectable()
export class GetDocumentPdf {
  constructor(
    @inject(GetDocument) private readonly getDocument: GetDocument,
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(INVOICING.DocumentFileRepository) private readonly files: DocumentFileRepository,
    @inject(SigningCertificates) private readonly certificates: SigningCertificates,
    @inject(JOBS.Queue) private readonly queue: JobQueue,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** 409 `document_pdf_pending` until it is rendered; `document_certificate_required` for live documents with nothing to sign them. */
  async execute(scope: Scope, id: string): Promise<DocumentFile> {
    return this.copyOf(await this.getDocument.execute(scope, id));
  }

  /** For the customer's link, keyed by the unguessable id alone. */
  async forCustomer(id: string): Promise<DocumentFile> {
    const document = await this.documents.findByIdUnscoped(id);
    if (!document) throw new DocumentNotFound(id);
    return this.copyOf(document);
  }

  /**
   * What the customer's email attaches: the original (the copy when the original went another way), or
   * `pending` while it is rendered, or null when there will be none (a live account with no certificate).
   */
  async forEmail(id: string): Promise<DocumentFile | 'pending' | null> {
    const file = (await this.files.find(id, 'original')) ?? (await this.files.find(id, 'copy'));
    if (file) return file;
    const document = await this.documents.findByIdUnscoped(id);
    if (!document || !(await this.certificates.has(document))) return null;
    await this.renderLater(document);
    return 'pending';
  }

  private async copyOf(document: TaxDocument): Promise<DocumentFile> {
    const file = await this.files.find(document.id, 'copy');
    if (file) return file;
    if (!(await this.certificates.has(document))) throw new DocumentCertificateRequired();
    await this.renderLater(document);
    throw new DocumentPdfPending(document.id, document.allocation?.status === 'pending');
  }

  /** Asked again in case the rendering was never asked for (documents from before PDFs; a certificate uploaded since). */
  renderLater(document: TaxDocument): Promise<void> {
    return this.uow.join(() => this.queue.send(DOCUMENT_PDF_QUEUE, { documentId: document.id }, { singletonKey: `pdf:${document.id}` }));
  }
}
