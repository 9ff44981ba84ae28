import { DomainError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { TaxDocument } from './tax-document';

/** The original goes to the customer (the email); every download is the true copy. */
export type DocumentFileVariant = 'original' | 'copy';

/** A document as a signed PDF/A file, rendered once per variant and kept. */
export class DocumentFile {
  id!: string;
  documentId!: string;
  accountId!: string;
  livemode!: boolean;
  variant!: DocumentFileVariant;
  filename!: string;
  pdf!: Buffer;
  /** The signing certificate's subject. */
  signedBy!: string;
  createdAt!: Date;

  static signed(document: TaxDocument, variant: DocumentFileVariant, pdf: Buffer, signedBy: string, now: Date): DocumentFile {
    const file = new DocumentFile();
    Object.assign(file, {
      id: newId('dfile'),
      documentId: document.id,
      accountId: document.accountId,
      livemode: document.livemode,
      variant,
      filename: `${document.livemode ? '' : 'test-'}${document.type.replace(/_/g, '-')}-${document.number}.pdf`,
      pdf,
      signedBy,
      createdAt: now,
    });
    return file;
  }
}

/** The PDF is being rendered: it follows the document within seconds, or its allocation number when it needs one. */
export class DocumentPdfPending extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(id: string, awaitingAllocation: boolean) {
    super(
      'document_pdf_pending',
      awaitingAllocation
        ? `Document '${id}' waits for its allocation number from the Tax Authority; its PDF follows it`
        : `The PDF of document '${id}' is being prepared; ask again in a few seconds`,
    );
    this.retryAfterSeconds = awaitingAllocation ? 60 : 2;
  }
}

/** A live document is signed with the merchant's own certificate, and there is none. */
export class DocumentCertificateRequired extends DomainError {
  constructor() {
    super(
      'document_certificate_required',
      'Live documents are signed with your certificate: upload it with POST /v1/account/document_certificate',
    );
  }
}
