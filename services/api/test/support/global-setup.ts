import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createBoss } from '../../src/platform/jobs/pg-boss';
import { createOrm, migrate } from '../../src/platform/persistence/orm';
import { entities } from '../../src/main/container';
import { startEmbeddedPostgres } from '../../src/main/database';
import { ensureCompiled, TARGETS } from '../../scripts/compiled.mjs';

export const TEMPLATE_DATABASE = 'kupa_template';

/** One embedded PostgreSQL for the run and a migrated template database each test file copies. */
export default async function setup(project: TestProject) {
  // Tests run the command lines as operators do: compiled (rebuilt here if a source changed).
  project.provide('cli', { api: ensureCompiled(TARGETS.api), sdk: ensureCompiled(TARGETS.sdk) });
  const dataDir = mkdtempSync(join(tmpdir(), 'kupa-test-'));
  // When run as root, PostgreSQL runs as its own user and must reach the directory.
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ dataDir, database: TEMPLATE_DATABASE });

  const orm = await createOrm(database.url, entities);
  await migrate(orm);
  await orm.close();
  const boss = createBoss(database.url, { supervise: false });
  await boss.start();
  await boss.stop({ graceful: false, close: true });

  project.provide('adminDatabaseUrl', database.url.replace(/\/[^/]+$/, '/postgres'));
  return async () => {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** The compiled `dist/cli.js` of the service and of the SDK's `kupa` command. */
    cli: { api: string; sdk: string };
  }
}
