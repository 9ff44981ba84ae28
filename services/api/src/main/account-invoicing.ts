import { inject, injectable } from 'inversify';
import type { AccountInvoicing, DocumentCertificateView, TaxAuthorityView } from '../modules/accounts';
import { GetTaxAuthorityConnection, SigningCertificates } from '../modules/invoicing';

/** The account shows its Tax Authority connection and signing certificate, which invoicing keeps (invoicing already depends on accounts). */
@injectable()
export class InvoicingAccountSetup implements AccountInvoicing {
  constructor(
    @inject(GetTaxAuthorityConnection) private readonly getConnection: GetTaxAuthorityConnection,
    @inject(SigningCertificates) private readonly certificates: SigningCertificates,
  ) {}

  async of(scope: { accountId: string; livemode: boolean }): Promise<{
    taxAuthority: TaxAuthorityView;
    documentCertificate: DocumentCertificateView | null;
  }> {
    const [taxAuthority, certificate] = await Promise.all([this.getConnection.execute(scope.accountId), this.certificates.current(scope)]);
    return {
      taxAuthority,
      documentCertificate: certificate && { subject: certificate.subject, expiresAt: certificate.expiresAt, test: certificate.test },
    };
  }
}
