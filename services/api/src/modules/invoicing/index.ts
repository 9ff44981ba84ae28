// The invoicing module's public face: what other modules may use.
export { documentLines } from '../../shared/domain/document-line';
export type { DocumentLine } from '../../shared/domain/document-line';
export { IssueDocument } from './application/issue-document';
export type { DocumentDetails, IssueDocumentInput } from './application/issue-document';
export { PrintDocument } from './application/print-document';
export { ListDocuments } from './application/list-documents';
export { GetTaxAuthorityConnection } from './application/get-tax-authority-connection';
export { GetDocumentPdf } from './application/get-document-pdf';
export { SigningCertificates } from './application/signing-certificates';
export { SummarizeDocuments } from './application/summarize-documents';
export type { DayTotals } from './application/summarize-documents';
