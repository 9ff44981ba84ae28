export const INVOICING = {
  DocumentRepository: Symbol.for('DocumentRepository'),
  AllocationAuthorities: Symbol.for('AllocationAuthorities'),
  Settings: Symbol.for('InvoicingSettings'),
  TaxAuthorityApi: Symbol.for('TaxAuthorityApi'),
  TaxAuthorityConnectionRepository: Symbol.for('TaxAuthorityConnectionRepository'),
};

/** Each pending document's allocation request, asked again with backoff until the Tax Authority answers. */
export const DOCUMENT_ALLOCATION_QUEUE = 'document-allocation';

/** Daily: the documents whose allocation job gave up, asked again. */
export const ALLOCATION_SWEEP_QUEUE = 'document-allocation-sweep';

export interface InvoicingSettings {
  /** Where customers open their documents (the API's public address). */
  publicBaseUrl: string;
}
