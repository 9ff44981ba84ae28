import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { TaxAuthorityConnectionRepository } from '../../application/ports/tax-authority';
import { TaxAuthorityConnection } from '../../domain/tax-authority-connection';

const COLUMNS = [
  'account_id',
  'status',
  'pending_state',
  'tokens_sealed',
  'access_expires_at',
  'refresh_expires_at',
  'connected_at',
  'updated_at',
] as const;

/** Timestamps come back as the driver gives them: made Dates here. */
const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

type Row = {
  account_id: string;
  status: TaxAuthorityConnection['status'];
  pending_state: string | null;
  tokens_sealed: string | null;
  access_expires_at: Date | string | null;
  refresh_expires_at: Date | string | null;
  connected_at: Date | string | null;
  updated_at: Date | string;
};

/** One row per account, keyed by it: every column but the account is rewritten when it changes. */
@injectable()
export class PgTaxAuthorityConnectionRepository implements TaxAuthorityConnectionRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async find(accountId: string): Promise<TaxAuthorityConnection | null> {
    return this.one('select * from tax_authority_connections where account_id = $1', [accountId]);
  }

  findByState(state: string): Promise<TaxAuthorityConnection | null> {
    return this.one('select * from tax_authority_connections where pending_state = $1', [state]);
  }

  findForUpdate(accountId: string): Promise<TaxAuthorityConnection | null> {
    return this.one('select * from tax_authority_connections where account_id = $1 for update', [accountId]);
  }

  async add(connection: TaxAuthorityConnection): Promise<void> {
    await sqlRows(
      this.em,
      `insert into tax_authority_connections (${COLUMNS.join(', ')}) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      values(connection),
    );
  }

  async save(connection: TaxAuthorityConnection): Promise<void> {
    await sqlRows(
      this.em,
      `update tax_authority_connections set status = $2, pending_state = $3, tokens_sealed = $4, access_expires_at = $5,
         refresh_expires_at = $6, connected_at = $7, updated_at = $8 where account_id = $1`,
      values(connection),
    );
  }

  private async one(text: string, params: unknown[]): Promise<TaxAuthorityConnection | null> {
    const [row] = await sqlRows<Row>(this.em, text, params);
    if (!row) return null;
    return Object.assign(new TaxAuthorityConnection(), {
      accountId: row.account_id,
      status: row.status,
      pendingState: row.pending_state,
      tokensSealed: row.tokens_sealed,
      accessExpiresAt: dateOf(row.access_expires_at),
      refreshExpiresAt: dateOf(row.refresh_expires_at),
      connectedAt: dateOf(row.connected_at),
      updatedAt: new Date(row.updated_at),
    });
  }
}

function values(c: TaxAuthorityConnection): unknown[] {
  return [c.accountId, c.status, c.pendingState, c.tokensSealed, c.accessExpiresAt, c.refreshExpiresAt, c.connectedAt, c.updatedAt];
}
