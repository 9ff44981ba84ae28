// The invoicing module's public face: what other modules may use.
export { documentLines } from './application/document-lines';
export type { DocumentLine } from './application/document-lines';
export { IssueDocument } from './application/issue-document';
export type { DocumentDetails, IssueDocumentInput } from './application/issue-document';
export { PrintDocument } from './application/print-document';
