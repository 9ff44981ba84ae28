import type { EntityManager, Knex } from '@mikro-orm/postgresql';

export type SqlConnection = { query(text: string, values?: unknown[]): Promise<{ rows: any[] }> };

/**
 * The unit of work's own connection, for statements with real parameters (`$1`, `$2`…): MikroORM's
 * `execute` writes every value into the statement's text, which for a batch of JSON documents costs more
 * than the statement itself. Statements sent here commit or roll back with the unit of work.
 */
export async function transactionConnection(em: EntityManager, what: string): Promise<SqlConnection> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) throw new Error(`${what} must run inside a unit of work`);
  return (await trx.client.acquireConnection()) as SqlConnection;
}

/** Writes each row's `status` in one statement, inside the unit of work. */
export async function saveStatuses(em: EntityManager, table: string, rows: Array<{ id: string; status: string }>): Promise<void> {
  if (rows.length === 0) return;
  const connection = await transactionConnection(em, `saving ${table}`);
  await connection.query(
    `update ${table} t set status = v.status from jsonb_to_recordset($1::jsonb) as v(id text, status text) where t.id = v.id`,
    [JSON.stringify(rows.map(({ id, status }) => ({ id, status })))],
  );
}
