import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { ProcessorConnectionRepository } from '../../application/ports/payment-repositories';
import { ProcessorConnection } from '../../domain/processor-connection';

type ConnectionRow = {
  account_id: string;
  name: ProcessorConnection['name'];
  terminal: string;
  credentials_sealed: string;
  settings: Record<string, string>;
  created_at: string;
  updated_at: string;
};

/** Not an aggregate table: a connection is replaced whole (`save` is an upsert), keyed by its account. */
@injectable()
export class PgProcessorConnectionRepository implements ProcessorConnectionRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async find(accountId: string): Promise<ProcessorConnection | null> {
    const rows = await sqlRows<ConnectionRow>(this.em, 'select * from processor_connections where account_id = $1', [accountId]);
    if (rows.length === 0) return null;
    return Object.assign(new ProcessorConnection(), {
      accountId: rows[0].account_id,
      name: rows[0].name,
      terminal: rows[0].terminal,
      credentialsSealed: rows[0].credentials_sealed,
      settings: rows[0].settings,
      createdAt: new Date(rows[0].created_at),
      updatedAt: new Date(rows[0].updated_at),
    });
  }

  async save(connection: ProcessorConnection): Promise<void> {
    await sqlRows(
      this.em,
      `insert into processor_connections (account_id, name, terminal, credentials_sealed, settings, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (account_id) do update
         set name = excluded.name, terminal = excluded.terminal, credentials_sealed = excluded.credentials_sealed,
             settings = excluded.settings, updated_at = excluded.updated_at`,
      [
        connection.accountId,
        connection.name,
        connection.terminal,
        connection.credentialsSealed,
        JSON.stringify(connection.settings),
        connection.createdAt,
        connection.updatedAt,
      ],
    );
  }
}
