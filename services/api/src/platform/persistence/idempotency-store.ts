import type { EntityManager } from '@mikro-orm/postgresql';
import type { IdempotencyStore, IdempotentRequest } from '../http/idempotency';
import { GroupWriter } from './group-writer';
import { poolQuery } from './transaction-connection';

type Scope = { accountId: string; livemode: boolean };
type Claim = { scope: Scope; key: string; fingerprint: string };
type Answer = { scope: Scope; key: string; answer: { status: number; body: unknown } };
type Write = { claim: Claim } | { keep: Answer };

const rowKey = (scope: Scope, key: string) => `${scope.accountId}\n${scope.livemode}\n${key}`;
const asRow = ({ scope, key }: { scope: Scope; key: string }) => ({ account_id: scope.accountId, livemode: scope.livemode, key });

/**
 * `idempotency_keys` in PostgreSQL, on the pool (each statement commits on its own). The claims and kept
 * answers of concurrent requests are written together: one statement, one commit, for all of them.
 */
export class PgIdempotencyStore implements IdempotencyStore {
  private readonly writes = new GroupWriter<Write, true | IdempotentRequest | null | undefined>(
    (writes) => this.writeAll(writes),
    (write) => ('claim' in write ? rowKey(write.claim.scope, write.claim.key) : rowKey(write.keep.scope, write.keep.key)),
  );

  /** `leaseMs`: a first request silent this long is taken to have died, and a repeat runs in its place. */
  constructor(
    private readonly em: EntityManager,
    private readonly leaseMs: number,
  ) {}

  claim(scope: Scope, key: string, fingerprint: string): Promise<true | IdempotentRequest | null> {
    return this.writes.submit({ claim: { scope, key, fingerprint } }) as Promise<true | IdempotentRequest | null>;
  }

  async keep(scope: Scope, key: string, answer: { status: number; body: unknown }): Promise<void> {
    await this.writes.submit({ keep: { scope, key, answer } });
  }

  async release(scope: Scope, key: string): Promise<void> {
    await poolQuery(this.em, 'delete from idempotency_keys where account_id = $1 and livemode = $2 and key = $3 and response_status is null', [scope.accountId, scope.livemode, key]);
  }

  /**
   * Keeps the answers and takes the keys in one statement (a key is never both: the writer puts writes
   * of one key in different statements). A key is taken when it is new, older than 24 hours, or held
   * by a request silent for its lease with the same body (taken to have died); for the others, what the
   * key holds is read.
   */
  private async writeAll(writes: Write[]): Promise<Array<true | IdempotentRequest | null | undefined>> {
    const claims = writes.flatMap((write) => ('claim' in write ? [write.claim] : []));
    const answers = writes.flatMap((write) => ('keep' in write ? [write.keep] : []));
    const rows = await poolQuery(
      this.em,
      `with kept as (
         update idempotency_keys k set response_status = v.status, response_body = v.body
           from json_to_recordset($2::json) as v(account_id text, livemode boolean, key text, status integer, body json)
          where k.account_id = v.account_id and k.livemode = v.livemode and k.key = v.key
       )
       insert into idempotency_keys (account_id, livemode, key, fingerprint, response_status, response_body, locked_at, created_at)
       select account_id, livemode, key, fingerprint, null, null, now(), now()
         from jsonb_to_recordset($1::jsonb) as v(account_id text, livemode boolean, key text, fingerprint text)
       on conflict (account_id, livemode, key) do update
         set fingerprint = excluded.fingerprint, response_status = null, response_body = null, locked_at = now(), created_at = now()
         where idempotency_keys.created_at < now() - interval '24 hours'
            or (idempotency_keys.response_status is null and idempotency_keys.fingerprint = excluded.fingerprint
                and idempotency_keys.locked_at < now() - $3 * interval '1 millisecond')
       returning account_id, livemode, key`,
      [
        JSON.stringify(claims.map((claim) => ({ ...asRow(claim), fingerprint: claim.fingerprint }))),
        JSON.stringify(answers.map((answer) => ({ ...asRow(answer), status: answer.answer.status, body: answer.answer.body }))),
        this.leaseMs,
      ],
    );
    const taken = new Set(rows.map((row) => rowKey({ accountId: row.account_id, livemode: row.livemode }, row.key)));
    const held = claims.filter((claim) => !taken.has(rowKey(claim.scope, claim.key)));
    const found = new Map<string, IdempotentRequest>();
    if (held.length > 0) {
      const current = await poolQuery(
        this.em,
        `select k.account_id, k.livemode, k.key, k.fingerprint, k.response_status, k.response_body
           from idempotency_keys k join jsonb_to_recordset($1::jsonb) as v(account_id text, livemode boolean, key text) using (account_id, livemode, key)`,
        [JSON.stringify(held.map(asRow))],
      );
      for (const row of current) {
        found.set(rowKey({ accountId: row.account_id, livemode: row.livemode }, row.key), {
          fingerprint: row.fingerprint,
          answer: row.response_status === null ? null : { status: row.response_status, body: row.response_body },
        });
      }
    }
    return writes.map((write) => {
      if (!('claim' in write)) return undefined;
      const key = rowKey(write.claim.scope, write.claim.key);
      return taken.has(key) ? true : (found.get(key) ?? null);
    });
  }
}

/** Keys older than 24 hours are answered no more; removes them. */
export async function purgeIdempotencyKeys(em: EntityManager): Promise<number> {
  const rows = await poolQuery(em, "delete from idempotency_keys where created_at < now() - interval '24 hours' returning 1", []);
  return rows.length;
}
