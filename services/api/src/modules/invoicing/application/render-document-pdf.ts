import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { DocumentFile, type DocumentFileVariant } from '../domain/document-file';
import { INVOICING } from '../invoicing.tokens';
import type { DocumentFileRepository, PdfMaker } from './ports/document-files';
import type { DocumentLayout } from './ports/document-layout';
import type { DocumentRepository } from './ports/document-repository';
import { PrintDocument } from './print-document';
import { SigningCertificates } from './signing-certificates';

/**
 * The worker's job for a final document (its allocation number settled, when it needs one): the signed
 * PDF/A of the original, unless its original was rendered already, and of the true copy. The original
 * is claimed in the same transaction that keeps the files, so a crash between them loses neither. A
 * live account with no certificate gets no files until it uploads one (the next request asks again).
 */
@injectable()
export class RenderDocumentPdf {
  constructor(
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(INVOICING.DocumentFileRepository) private readonly files: DocumentFileRepository,
    @inject(INVOICING.PdfMaker) private readonly pdfMaker: PdfMaker,
    @inject(SigningCertificates) private readonly certificates: SigningCertificates,
    @inject(PrintDocument) private readonly printDocument: PrintDocument,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
    @inject(INVOICING.DocumentLayout) private readonly layout: DocumentLayout,
  ) {}

  async execute(documentId: string): Promise<void> {
    const document = await this.documents.findByIdUnscoped(documentId);
    if (!document || document.allocation?.status === 'pending' || (await this.files.find(documentId, 'copy'))) return;
    const issuer = document.details.issuer.profile?.legalName ?? document.details.issuer.name;
    const signing = await this.certificates.forSigning(document, issuer);
    if (!signing) return;
    const now = this.clock.now();
    const variants: DocumentFileVariant[] = document.originalRenderedAt ? ['copy'] : ['original', 'copy'];
    const facts = { title: this.layout.title(document, 'he'), author: issuer, language: 'he' as const, createdAt: now };
    const rendered = await Promise.all(
      variants.map(async (variant) => {
        const page = await this.printDocument.page(document, 'he', variant === 'original');
        return DocumentFile.signed(document, variant, await this.pdfMaker.make(page, facts, signing.credentials), signing.subject, now);
      }),
    );
    await this.uow.run(async () => {
      const original = variants.includes('original') && (await this.documents.markOriginalRendered(document, now));
      await this.files.add(rendered.filter((file) => file.variant === 'copy' || original));
    });
  }
}
