/** The account's connection to the Tax Authority. */
export interface TaxAuthorityView {
  status: 'not_connected' | 'pending' | 'connected' | 'expired' | 'revoked';
  connectedAt: Date | null;
}

/** The certificate a mode's documents are signed with (never its key). */
export interface DocumentCertificateView {
  subject: string;
  expiresAt: Date;
  test: boolean;
}

/** What the account shows of its tax documents' setup, which the invoicing module keeps (bound in `main/`). */
export interface AccountInvoicing {
  of(scope: { accountId: string; livemode: boolean }): Promise<{
    taxAuthority: TaxAuthorityView;
    documentCertificate: DocumentCertificateView | null;
  }>;
}
