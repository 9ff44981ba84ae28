export const INVOICING = {
  DocumentRepository: Symbol.for('DocumentRepository'),
  AllocationAuthorities: Symbol.for('AllocationAuthorities'),
  Settings: Symbol.for('InvoicingSettings'),
  TaxAuthorityApi: Symbol.for('TaxAuthorityApi'),
  TaxAuthorityConnectionRepository: Symbol.for('TaxAuthorityConnectionRepository'),
  DocumentFileRepository: Symbol.for('DocumentFileRepository'),
  DocumentCertificateRepository: Symbol.for('DocumentCertificateRepository'),
  PdfMaker: Symbol.for('PdfMaker'),
  DocumentLayout: Symbol.for('DocumentLayout'),
  SigningKeys: Symbol.for('SigningKeys'),
};

/** Each final document's signed PDF, rendered by the worker. */
export const DOCUMENT_PDF_QUEUE = 'document-pdf';

/** Each pending document's allocation request, asked again with backoff until the Tax Authority answers. */
export const DOCUMENT_ALLOCATION_QUEUE = 'document-allocation';

/** Daily: the documents whose allocation job gave up, asked again. */
export const ALLOCATION_SWEEP_QUEUE = 'document-allocation-sweep';

export interface InvoicingSettings {
  /** Where customers open their documents (the API's public address). */
  publicBaseUrl: string;
}
