import { inject, injectable } from 'inversify';
import type { AccountTaxAuthority, TaxAuthorityView } from '../modules/accounts';
import { GetTaxAuthorityConnection } from '../modules/invoicing';

/** The account shows its Tax Authority connection, which invoicing keeps (invoicing already depends on accounts). */
@injectable()
export class InvoicingAccountTaxAuthority implements AccountTaxAuthority {
  constructor(@inject(GetTaxAuthorityConnection) private readonly getConnection: GetTaxAuthorityConnection) {}

  of(accountId: string): Promise<TaxAuthorityView> {
    return this.getConnection.execute(accountId);
  }
}
