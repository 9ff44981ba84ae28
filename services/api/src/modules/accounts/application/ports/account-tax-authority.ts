/** What the account shows of its connection to the Tax Authority, which the invoicing module keeps (bound in `main/`). */
export interface TaxAuthorityView {
  status: 'not_connected' | 'pending' | 'connected' | 'expired' | 'revoked';
  connectedAt: Date | null;
}

export interface AccountTaxAuthority {
  of(accountId: string): Promise<TaxAuthorityView>;
}
