// The accounts module's public face: what other modules may use.
export { GetAccount } from './application/get-account';
export type { Account } from './application/get-account';
export type { AccountProcessors, ProcessorTerminal, ProcessorView } from './application/ports/account-processors';
export { GetLogo } from './application/get-logo';
export { ManageApiKeys } from './application/manage-api-keys';
export type { AccountInvoicing, DocumentCertificateView, TaxAuthorityView } from './application/ports/account-invoicing';
