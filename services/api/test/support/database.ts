import { inject } from 'vitest';
import { createDatabaseIfMissing } from '../../src/main/database';
import { randomBase62 } from '../../src/shared/domain/ids';

/** A new database copied from the migrated template. */
export async function freshDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `kupa_${randomBase62(10).toLowerCase()}`;
  await createDatabaseIfMissing(adminUrl, name, 'kupa_template');
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}
