import type { EntityManager } from '@mikro-orm/postgresql';
import type { IdempotencyStore, IdempotentRequest } from '../http/idempotency';
import { GroupWriter } from './group-writer';
import { poolRows, sqlRows } from './sql/statements';

type Scope = { accountId: string; livemode: boolean };
/** A claim of a key (no answer yet), or the answer to keep under it. */
type Write = { scope: Scope; key: string; fingerprint: string; answer: { status: number; body: unknown } | null };

const rowKey = (scope: Scope, key: string) => `${scope.accountId}\n${scope.livemode}\n${key}`;
const asRow = ({ scope, key }: Write) => ({ account_id: scope.accountId, livemode: scope.livemode, key });

/**
 * `idempotency_keys` in PostgreSQL, on the pool (each statement commits on its own). The claims and kept
 * answers of concurrent requests are written together: one statement, one commit, for all of them.
 */
type KeyRow = { account_id: string; livemode: boolean; key: string };

export class PgIdempotencyStore implements IdempotencyStore {
  private readonly writes = new GroupWriter<Write, true | IdempotentRequest | null>(
    (writes) => this.writeAll(writes),
    (write) => rowKey(write.scope, write.key),
  );

  /** `leaseMs`: a first request silent this long is taken to have died, and a repeat runs in its place. */
  constructor(
    private readonly em: EntityManager,
    private readonly leaseMs: number,
  ) {}

  claim(scope: Scope, key: string, fingerprint: string): Promise<true | IdempotentRequest | null> {
    return this.writes.submit({ scope, key, fingerprint, answer: null });
  }

  async keep(scope: Scope, key: string, fingerprint: string, answer: { status: number; body: unknown }): Promise<void> {
    await this.writes.submit({ scope, key, fingerprint, answer });
  }

  async keepFirst(
    scope: Scope,
    key: string,
    fingerprint: string,
    answer: { status: number; body: unknown },
  ): Promise<IdempotentRequest | null> {
    const values = [scope.accountId, scope.livemode, key];
    const kept = await sqlRows(
      this.em,
      `insert into idempotency_keys as k (account_id, livemode, key, fingerprint, response_status, response_body, locked_at, created_at)
       values ($1, $2, $3, $4, $5, $6, now(), now())
       on conflict (account_id, livemode, key) do update
         set fingerprint = excluded.fingerprint, response_status = excluded.response_status, response_body = excluded.response_body,
             locked_at = now(), created_at = now()
         where k.created_at < now() - interval '24 hours'
       returning 1`,
      [...values, fingerprint, answer.status, JSON.stringify(answer.body)],
    );
    if (kept.length > 0) return null;
    const [held] = await sqlRows<{ fingerprint: string; response_status: number | null; response_body: unknown }>(
      this.em,
      'select fingerprint, response_status, response_body from idempotency_keys where account_id = $1 and livemode = $2 and key = $3',
      values,
    );
    // Purged between the two statements: as good as new.
    if (!held) return this.keepFirst(scope, key, fingerprint, answer);
    return {
      fingerprint: held.fingerprint,
      answer: held.response_status === null ? null : { status: held.response_status, body: held.response_body },
    };
  }

  async release(scope: Scope, key: string): Promise<void> {
    await poolRows(
      this.em,
      'delete from idempotency_keys where account_id = $1 and livemode = $2 and key = $3 and response_status is null',
      [scope.accountId, scope.livemode, key],
    );
  }

  /**
   * Claims and answers in one insert (the writer never puts one key in it twice). An answer is kept on
   * its key. A claim takes the key when it is new, older than 24 hours, or held by a request silent for
   * its lease with the same body (taken to have died); for a claim that did not, what the key holds is read.
   */
  private async writeAll(writes: Write[]): Promise<Array<true | IdempotentRequest | null>> {
    const rows = await poolRows<KeyRow>(
      this.em,
      `insert into idempotency_keys as k (account_id, livemode, key, fingerprint, response_status, response_body, locked_at, created_at)
       select account_id, livemode, key, fingerprint, status, body, now(), now()
         from json_to_recordset($1::json) as v(account_id text, livemode boolean, key text, fingerprint text, status integer, body json)
       on conflict (account_id, livemode, key) do update
         set fingerprint = excluded.fingerprint, response_status = excluded.response_status, response_body = excluded.response_body,
             locked_at = case when excluded.response_status is null then now() else k.locked_at end,
             created_at = case when excluded.response_status is null then now() else k.created_at end
         where excluded.response_status is not null
            or k.created_at < now() - interval '24 hours'
            or (k.response_status is null and k.fingerprint = excluded.fingerprint and k.locked_at < now() - $2 * interval '1 millisecond')
       returning k.account_id, k.livemode, k.key`,
      [
        JSON.stringify(
          writes.map((write) => ({
            ...asRow(write),
            fingerprint: write.fingerprint,
            status: write.answer?.status ?? null,
            body: write.answer?.body ?? null,
          })),
        ),
        this.leaseMs,
      ],
    );
    const written = new Set(rows.map((row) => rowKey({ accountId: row.account_id, livemode: row.livemode }, row.key)));
    const held = writes.filter((write) => write.answer === null && !written.has(rowKey(write.scope, write.key)));
    const found = new Map<string, IdempotentRequest>();
    if (held.length > 0) {
      const current = await poolRows<KeyRow & { fingerprint: string; response_status: number | null; response_body: unknown }>(
        this.em,
        `select k.account_id, k.livemode, k.key, k.fingerprint, k.response_status, k.response_body
           from idempotency_keys k join json_to_recordset($1::json) as v(account_id text, livemode boolean, key text) using (account_id, livemode, key)`,
        [JSON.stringify(held.map(asRow))],
      );
      for (const row of current) {
        found.set(rowKey({ accountId: row.account_id, livemode: row.livemode }, row.key), {
          fingerprint: row.fingerprint,
          answer: row.response_status === null ? null : { status: row.response_status, body: row.response_body },
        });
      }
    }
    // An answer's output is not read (`keep` resolves once it is written).
    return writes.map((write) =>
      written.has(rowKey(write.scope, write.key)) ? true : (found.get(rowKey(write.scope, write.key)) ?? null),
    );
  }
}

/** Keys older than 24 hours are answered no more; removes them. */
export async function purgeIdempotencyKeys(em: EntityManager): Promise<number> {
  const rows = await poolRows(em, "delete from idempotency_keys where created_at < now() - interval '24 hours' returning 1", []);
  return rows.length;
}
