import { type EntitySchema, FlushMode, MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ownContext } from './own-context';
import { Migration20261121000000 } from '../../../migrations/Migration20261121000000';
import { Migration20261121010000 } from '../../../migrations/Migration20261121010000';
import { Migration20261121020000 } from '../../../migrations/Migration20261121020000';
import { Migration20261121030000 } from '../../../migrations/Migration20261121030000';
import { Migration20261121040000 } from '../../../migrations/Migration20261121040000';
import { Migration20261123000000 } from '../../../migrations/Migration20261123000000';
import { Migration20261123010000 } from '../../../migrations/Migration20261123010000';
import { Migration20261123020000 } from '../../../migrations/Migration20261123020000';
import { Migration20261123030000 } from '../../../migrations/Migration20261123030000';
import { Migration20261123040000 } from '../../../migrations/Migration20261123040000';
import { Migration20261123050000 } from '../../../migrations/Migration20261123050000';
import { Migration20261123060000 } from '../../../migrations/Migration20261123060000';
import { Migration20261123070000 } from '../../../migrations/Migration20261123070000';
import { Migration20261123080000 } from '../../../migrations/Migration20261123080000';
import { Migration20261123090000 } from '../../../migrations/Migration20261123090000';
import { Migration20261123100000 } from '../../../migrations/Migration20261123100000';
import { Migration20261123110000 } from '../../../migrations/Migration20261123110000';
import { Migration20261124010000 } from '../../../migrations/Migration20261124010000';
import { Migration20261124020000 } from '../../../migrations/Migration20261124020000';
import { Migration20261125010000 } from '../../../migrations/Migration20261125010000';
import { Migration20261125020000 } from '../../../migrations/Migration20261125020000';
import { Migration20261125030000 } from '../../../migrations/Migration20261125030000';

/** Checked-in migrations, in order. Add new ones at the end. */
const migrations = [
  Migration20261121000000,
  Migration20261121010000,
  Migration20261121020000,
  Migration20261121030000,
  Migration20261121040000,
  Migration20261123000000,
  Migration20261123010000,
  Migration20261123020000,
  Migration20261123030000,
  Migration20261123040000,
  Migration20261123050000,
  Migration20261123060000,
  Migration20261123070000,
  Migration20261123080000,
  Migration20261123090000,
  Migration20261123100000,
  Migration20261123110000,
  Migration20261124010000,
  Migration20261124020000,
  Migration20261125010000,
  Migration20261125020000,
  Migration20261125030000,
];

export async function createOrm(databaseUrl: string, entities: EntitySchema[], options: { poolMax?: number } = {}): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    migrations: {
      migrationsList: migrations.map((migration) => ({ name: migration.name, class: migration })),
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
