import type { TaxAuthorityConnection } from '../../domain/tax-authority-connection';
import type { AllocationAnswer } from './allocation-authority';

export interface TaxAuthorityTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** An invoice as the approval takes it: amounts in agorot, the types in the unified file format's codes. */
export interface ApprovalInvoice {
  documentId: string;
  typeCode: number;
  documentNumber: number;
  businessNumber: string;
  customerTaxId: string;
  customerName: string;
  issuedAt: Date;
  amountExcludingVat: number;
  vatAmount: number;
  total: number;
}

/**
 * The Tax Authority's Israel Invoices API (OAuth2 per business, then the approval). Throws
 * `AllocationUnavailable` when it cannot be reached, and `TokensRefused` when it refuses the tokens.
 */
export interface TaxAuthorityApi {
  /** Kupa's app there and its software registration number are configured. */
  configured(): boolean;
  authorizationUrl(state: string): string;
  exchangeCode(code: string): Promise<TaxAuthorityTokens>;
  refresh(refreshToken: string): Promise<TaxAuthorityTokens>;
  approve(accessToken: string, invoice: ApprovalInvoice): Promise<AllocationAnswer>;
}

export class TokensRefused extends Error {
  constructor(reason: string) {
    super(`The Tax Authority refused the tokens: ${reason}`);
    this.name = 'TokensRefused';
  }
}

export interface TaxAuthorityConnectionRepository {
  find(accountId: string): Promise<TaxAuthorityConnection | null>;
  findByState(state: string): Promise<TaxAuthorityConnection | null>;
  findForUpdate(accountId: string): Promise<TaxAuthorityConnection | null>;
  add(connection: TaxAuthorityConnection): Promise<void>;
  save(connection: TaxAuthorityConnection): Promise<void>;
}
