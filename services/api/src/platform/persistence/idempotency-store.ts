import type { EntityManager } from '@mikro-orm/postgresql';
import type { IdempotencyStore, IdempotentRequest } from '../http/idempotency';

type Scope = { accountId: string; livemode: boolean };

/** `idempotency_keys` in PostgreSQL, on the pool (each statement commits on its own). */
export class PgIdempotencyStore implements IdempotencyStore {
  constructor(private readonly em: EntityManager) {}

  async claim(scope: Scope, key: string, fingerprint: string, leaseMs: number): Promise<true | IdempotentRequest | null> {
    const claimed = await this.sql(
      `insert into idempotency_keys (account_id, livemode, key, fingerprint, response_status, response_body, locked_at, created_at)
       values (?, ?, ?, ?, null, null, now(), now())
       on conflict (account_id, livemode, key) do update
         set fingerprint = excluded.fingerprint, response_status = null, response_body = null, locked_at = now(), created_at = now()
         where idempotency_keys.created_at < now() - interval '24 hours'
            or (idempotency_keys.response_status is null and idempotency_keys.fingerprint = excluded.fingerprint
                and idempotency_keys.locked_at < now() - ? * interval '1 millisecond')
       returning 1`,
      [scope.accountId, scope.livemode, key, fingerprint, leaseMs],
    );
    if (claimed.length > 0) return true;
    const rows = await this.sql('select fingerprint, response_status, response_body from idempotency_keys where account_id = ? and livemode = ? and key = ?', [scope.accountId, scope.livemode, key]);
    if (rows.length === 0) return null;
    const [row] = rows;
    return { fingerprint: row.fingerprint, answer: row.response_status === null ? null : { status: row.response_status, body: row.response_body } };
  }

  async keep(scope: Scope, key: string, answer: { status: number; body: unknown }): Promise<void> {
    await this.sql('update idempotency_keys set response_status = ?, response_body = ? where account_id = ? and livemode = ? and key = ?', [answer.status, JSON.stringify(answer.body), scope.accountId, scope.livemode, key]);
  }

  async release(scope: Scope, key: string): Promise<void> {
    await this.sql('delete from idempotency_keys where account_id = ? and livemode = ? and key = ? and response_status is null', [scope.accountId, scope.livemode, key]);
  }

  /** Keys older than 24 hours are answered no more; removes them. */
  async purge(): Promise<number> {
    const rows = await this.sql("delete from idempotency_keys where created_at < now() - interval '24 hours' returning 1", []);
    return rows.length;
  }

  private sql(query: string, params: unknown[]): Promise<Record<string, any>[]> {
    return this.em.getConnection().execute(query, params, 'all');
  }
}
