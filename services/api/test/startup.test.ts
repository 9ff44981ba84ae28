import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/main/config';
import { createServices } from '../src/main/container';
import { createDatabaseIfMissing } from '../src/main/database';
import { randomBase62 } from '../src/shared/domain/ids';
import { TEST_FINGERPRINT_SECRET } from './support/harness';

describe('processes starting together', () => {
  it('six processes starting at once on an empty database all come up: the schema is set up once, in turns', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `kupa_${randomBase62(10).toLowerCase()}`;
    await createDatabaseIfMissing(adminUrl, name);
    const url = adminUrl.replace(/\/postgres$/, `/${name}`);
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', CARD_FINGERPRINT_SECRET: TEST_FINGERPRINT_SECRET });
    const started = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => createServices(config, url, { worker: i % 2 === 0 })));
    const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    for (const result of started) if (result.status === 'fulfilled') await result.value.close();
    expect(failures).toEqual([]);
  }, 120_000);
});
