import { inject, injectable } from 'inversify';
import { INVOICING } from '../invoicing.tokens';
import type { TaxAuthorityStatus } from '../domain/tax-authority-connection';
import type { TaxAuthorityConnectionRepository } from './ports/tax-authority';

/** What the account shows of its Tax Authority connection (never its tokens). */
export interface TaxAuthorityConnectionView {
  status: TaxAuthorityStatus | 'not_connected';
  connectedAt: Date | null;
}

@injectable()
export class GetTaxAuthorityConnection {
  constructor(@inject(INVOICING.TaxAuthorityConnectionRepository) private readonly connections: TaxAuthorityConnectionRepository) {}

  async execute(accountId: string): Promise<TaxAuthorityConnectionView> {
    const connection = await this.connections.find(accountId);
    return { status: connection?.status ?? 'not_connected', connectedAt: connection?.connectedAt ?? null };
  }
}
