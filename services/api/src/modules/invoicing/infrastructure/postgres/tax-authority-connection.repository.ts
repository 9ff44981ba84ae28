import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { TaxAuthorityConnectionRepository } from '../../application/ports/tax-authority';
import { TaxAuthorityConnection } from '../../domain/tax-authority-connection';

/** Everything but the account changes as the connection is made, refreshed and lost. */
const CONNECTIONS = new AggregateTable(TaxAuthorityConnection, [
  'status',
  'pendingState',
  'tokensSealed',
  'accessExpiresAt',
  'refreshExpiresAt',
  'connectedAt',
  'updatedAt',
]);

@injectable()
export class PgTaxAuthorityConnectionRepository implements TaxAuthorityConnectionRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  find(accountId: string): Promise<TaxAuthorityConnection | null> {
    return CONNECTIONS.first(this.em, 'select * from tax_authority_connections where id = $1', [accountId]);
  }

  findByState(state: string): Promise<TaxAuthorityConnection | null> {
    return CONNECTIONS.first(this.em, 'select * from tax_authority_connections where pending_state = $1', [state]);
  }

  findForUpdate(accountId: string): Promise<TaxAuthorityConnection | null> {
    return CONNECTIONS.lock(this.em, accountId);
  }

  add(connection: TaxAuthorityConnection): Promise<void> {
    return CONNECTIONS.insert(this.em, [connection]);
  }

  save(connection: TaxAuthorityConnection): Promise<void> {
    return CONNECTIONS.save(this.em, [connection]);
  }
}
