// The invoicing module's public face: what other modules may use.
export { IssueDocument } from './application/issue-document';
