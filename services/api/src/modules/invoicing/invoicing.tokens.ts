export const INVOICING = {
  DocumentRepository: Symbol.for('DocumentRepository'),
  AllocationAuthorities: Symbol.for('AllocationAuthorities'),
};

/** Each pending document's allocation request, asked again with backoff until the Tax Authority answers. */
export const DOCUMENT_ALLOCATION_QUEUE = 'document-allocation';
