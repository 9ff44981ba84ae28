import type { Scope } from '../../../../shared/domain/scope';
import type { DocumentCertificate } from '../../domain/document-certificate';
import type { DocumentFile, DocumentFileVariant } from '../../domain/document-file';

/** A signing key and its certificate chain, the signer's certificate first, all PEM. */
export interface SigningCredentials {
  keyPem: string;
  certificatesPem: string[];
}

/** What a PDF says about itself (its document information and XMP). */
export interface PdfFacts {
  title: string;
  /** The business that issued the document, which signs it. */
  author: string;
  language: 'he' | 'en';
  createdAt: Date;
}

/** Prints a document's page to an archival PDF and signs it. */
export interface PdfMaker {
  make(html: string, facts: PdfFacts, credentials: SigningCredentials): Promise<Buffer>;
  /** Ends whatever the maker started (its browser). */
  close(): Promise<void>;
}

/** Why a PKCS#12 file cannot sign documents, in words for the merchant, and the field at fault. */
export class UnusableCertificate extends Error {
  constructor(
    message: string,
    readonly param: 'pkcs12' | 'password' = 'pkcs12',
  ) {
    super(message);
  }
}

export interface SigningKeys {
  /** The key and chain in a PKCS#12 file; throws `UnusableCertificate`. */
  readPkcs12(data: Buffer, password: string): SigningCredentials;
  /** A new self-signed certificate for test mode, named for the business and marked as a test. */
  forTest(businessName: string, now: Date): SigningCredentials;
  describe(credentials: SigningCredentials): { subject: string; expiresAt: Date };
}

export interface DocumentFileRepository {
  find(documentId: string, variant: DocumentFileVariant): Promise<DocumentFile | null>;
  /** The true copies of those of the documents that have one. */
  copiesOf(documentIds: string[]): Promise<DocumentFile[]>;
  /** Files already there (another worker rendered them) are left as they are. */
  add(files: DocumentFile[]): Promise<void>;
}

export interface DocumentCertificateRepository {
  find(scope: Scope): Promise<DocumentCertificate | null>;
  findForUpdate(scope: Scope): Promise<DocumentCertificate | null>;
  /** False when the mode has a certificate already. */
  addUnlessTaken(certificate: DocumentCertificate): Promise<boolean>;
  save(certificate: DocumentCertificate): Promise<void>;
}
