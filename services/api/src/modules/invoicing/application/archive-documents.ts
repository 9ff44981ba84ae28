import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { documentsCsv } from '../domain/documents-csv';
import { issuedPeriod } from '../domain/issued-period';
import type { TaxDocument } from '../domain/tax-document';
import { INVOICING } from '../invoicing.tokens';
import { GetDocumentPdf } from './get-document-pdf';
import type { DocumentFileRepository } from './ports/document-files';
import type { DocumentRepository } from './ports/document-repository';
import { SigningCertificates } from './signing-certificates';

/** A file of the accountant's period. */
export interface ArchiveEntry {
  name: string;
  data: Buffer;
  /** Already compressed (a PDF): stored as it is. */
  compressed: boolean;
}

/**
 * The accountant's period as files: the CSV, each document's signed PDF (the true copy) under `pdf/`, and
 * for documents still without one a list saying why (their rendering is asked for again).
 */
@injectable()
export class ArchiveDocuments {
  constructor(
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(INVOICING.DocumentFileRepository) private readonly files: DocumentFileRepository,
    @inject(GetDocumentPdf) private readonly getDocumentPdf: GetDocumentPdf,
    @inject(SigningCertificates) private readonly certificates: SigningCertificates,
  ) {}

  async execute(scope: Scope, issuedFrom: string, issuedTo: string): Promise<ArchiveEntry[]> {
    const documents = await this.documents.inPeriod(scope, issuedPeriod(issuedFrom, issuedTo));
    const copies = new Map((await this.files.copiesOf(documents.map((document) => document.id))).map((file) => [file.documentId, file]));
    const name = `documents-${scope.livemode ? 'live' : 'test'}-${issuedFrom}-${issuedTo}`;
    const entries: ArchiveEntry[] = [{ name: `${name}.csv`, data: Buffer.from(`\uFEFF${documentsCsv(documents)}`), compressed: false }];
    for (const file of copies.values()) entries.push({ name: `pdf/${file.filename}`, data: file.pdf, compressed: true });
    const missing = documents.filter((document) => !copies.has(document.id));
    if (missing.length > 0) {
      // The scope's certificate is looked up once, for every document of the period.
      const signable = await this.certificates.has(scope);
      const lines = await Promise.all(
        missing.map(async (document) => `${document.type} ${document.number} (${document.id}): ${await this.why(document, signable)}`),
      );
      entries.push({ name: 'pdf-missing.txt', data: Buffer.from(`${lines.join('\n')}\n`), compressed: false });
    }
    return entries;
  }

  private async why(document: TaxDocument, signable: boolean): Promise<string> {
    if (!signable) return 'no signing certificate uploaded (POST /v1/account/document_certificate)';
    await this.getDocumentPdf.renderLater(document);
    return document.allocation?.status === 'pending'
      ? 'awaiting its allocation number from the Tax Authority'
      : 'being rendered: export again in a minute';
  }
}
