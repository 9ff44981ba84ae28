import { type EntitySchema, FlushMode, MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ownContext } from './own-context';
import { MIGRATIONS } from '../../../migrations';

export async function createOrm(databaseUrl: string, entities: EntitySchema[], options: { poolMax?: number } = {}): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    // Several aggregates share a table by kind (`money_intents`), each reading only its own rows (`AggregateTable`).
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true, checkDuplicateTableNames: false },
    migrations: {
      migrationsList: MIGRATIONS.map((migration) => ({ name: migration.name, class: migration })),
      transactional: true,
      allOrNothing: true,
      silent: true,
      snapshot: false,
    },
    pool: { min: 0, max: options.poolMax ?? 10 },
    forceUtcTimezone: true,
    // Writes are explicit (repositories insert and update natively): no flush before every query.
    flushMode: FlushMode.COMMIT,
    allowGlobalContext: false,
    context: ownContext,
    debug: false,
  });
}

const MIGRATION_LOCK = 727_274;
const STARTUP_LOCK = 727_275;

/**
 * Runs a process's start-up schema work (migrations, the job queue's tables and queues) while holding a
 * session advisory lock, so processes starting together against one database take turns: concurrent
 * queue creation deadlocks in PostgreSQL otherwise ("deadlock detected" at start).
 */
export async function underStartupLock<T>(orm: MikroORM, work: () => Promise<T>): Promise<T> {
  const client = orm.em.getConnection().getKnex().client;
  const connection = (await client.acquireConnection()) as { query(text: string, values: unknown[]): Promise<unknown> };
  try {
    await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await client.releaseConnection(connection);
  }
}

/** Applies pending migrations; processes starting together take turns on an advisory lock. */
export async function migrate(orm: MikroORM): Promise<void> {
  const connection = orm.em.getConnection();
  await connection.transactional(async (trx) => {
    await connection.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK], 'run', trx);
    await orm.getMigrator().up({ transaction: trx });
  });
}
