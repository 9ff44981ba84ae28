import pg from 'pg';
import { inject } from 'vitest';
import { entities } from '../../src/main/container';
import { createDatabaseIfMissing } from '../../src/main/database';
import { createOrm } from '../../src/platform/persistence/orm';
import { randomBase62 } from '../../src/shared/domain/ids';

/**
 * A database of its own for a test of a migration: filled as an older version left it, then migrated.
 * `migrate(to)` applies the migrations up to `to` (all when omitted); `db` is a plain client of it.
 */
export async function upgradeDatabase(prefix: string): Promise<{ db: pg.Client; migrate(to?: string): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `${prefix}_${randomBase62(8).toLowerCase()}`;
  await createDatabaseIfMissing(adminUrl, name);
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return {
    db,
    async migrate(to?: string) {
      const orm = await createOrm(url, entities);
      try {
        await orm.getMigrator().up(to ? { to } : undefined);
      } finally {
        await orm.close();
      }
    },
  };
}
