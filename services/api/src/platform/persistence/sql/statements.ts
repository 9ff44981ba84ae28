import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/** A connection of the pool: a statement by its text, or a prepared one by `name` (parsed once a connection). */
export type SqlConnection = {
  query(
    statement: string | { name: string; text: string; values?: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: any[]; rowCount: number | null }>;
};

/**
 * A row as PostgreSQL answers it, typed by the statement's author: snake_case columns; timestamps come
 * as ISO text (the ORM's driver settings), `bigint` and `numeric` as text.
 */
export type Row = Record<string, unknown>;

/**
 * The unit of work's own connection. Statements sent here commit or roll back with the unit of work.
 * MikroORM's `execute` writes every value into the statement's text, which for a batch of JSON
 * documents costs more than the statement itself; here parameters are real (`$1`, `$2`…).
 */
export async function transactionConnection(em: EntityManager, what: string): Promise<SqlConnection> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) throw new Error(`${what} must run inside a unit of work`);
  return (await trx.client.acquireConnection()) as SqlConnection;
}

/**
 * A statement (`$1` parameters) and the rows it answers, typed `R`: on the unit of work's connection
 * inside one, else on the pool (committing on its own).
 */
export async function sqlRows<R extends Row = Row>(em: EntityManager, text: string, values: unknown[] = []): Promise<R[]> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) return poolRows<R>(em, text, values);
  const connection = (await trx.client.acquireConnection()) as SqlConnection;
  return (await connection.query(text, values)).rows as R[];
}

/** A statement on the pool, committing on its own whatever unit of work is in progress. */
export async function poolRows<R extends Row = Row>(em: EntityManager, text: string, values: unknown[] = []): Promise<R[]> {
  const client = em.getConnection().getKnex().client;
  const connection = (await client.acquireConnection()) as SqlConnection;
  try {
    return (await connection.query(text, values)).rows as R[];
  } finally {
    await client.releaseConnection(connection);
  }
}
