import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKupaClient, type KupaClient } from '@kupa/sdk';
import { startEmbeddedPostgres, type Database } from '../services/api/src/main/database';
import { freePort, REPO_ROOT, tempDataDir } from './support/service';

// Production's shape on one machine: one PostgreSQL server started on its own, then two api, two worker
// and one checkout process of the compiled service, each told only --role and DATABASE_URL.

const API_DIR = join(REPO_ROOT, 'services', 'api');
const SESSIONS = 200;
const dataDir = tempDataDir();
const ENV = {
  LOG_LEVEL: 'warn',
  // Five processes on one machine: each takes a free operations port.
  METRICS_PORT: '0',
  CARD_FINGERPRINT_SECRET: 'scale-out-fingerprint-secret-0123456789',
  JOB_POLL_INTERVAL_MS: '100',
  JOB_EXPIRE_SECONDS: '3',
  JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  WEBHOOK_RETRY_SCHEDULE_MS: '200,200,200',
  // Not what this journey is about: the burst of 200 sessions from one merchant and one address.
  RATE_LIMIT_PER_SECOND: '100000',
  RATE_LIMIT_BURST: '100000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
};

let database: Database;
const processes: ChildProcess[] = [];
let apis: KupaClient[] = [];
let receiver: Server;
const received: { id: string; type: string; data: { id: string; checkout_session?: string } }[] = [];

function role(name: 'api' | 'worker' | 'checkout', env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['dist/server/start.js', '--role', name], {
    cwd: API_DIR,
    env: { ...process.env, ...ENV, DATABASE_URL: database.url, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  (child as ChildProcess & { output: () => string }).output = () => output;
  processes.push(child);
  return child;
}

async function running(child: ChildProcess): Promise<void> {
  const output = (child as ChildProcess & { output: () => string }).output;
  for (let waited = 0; !output().includes('Press Ctrl-C to stop'); waited += 100) {
    if (child.exitCode !== null || waited > 60_000) throw new Error(`a role did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function sql<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  execFileSync('pnpm', ['run', 'build'], { cwd: API_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
  database = await startEmbeddedPostgres({ dataDir, database: 'kupa' });

  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    // Answers take a moment, so the killed worker dies with deliveries in flight.
    req.on('end', () =>
      setTimeout(() => {
        received.push(JSON.parse(body));
        res.writeHead(200).end();
      }, 50),
    );
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

  const ports = [await freePort(), await freePort()];
  const started = [
    role('api', { PORT: String(ports[0]) }),
    role('api', { PORT: String(ports[1]) }),
    role('checkout', { CHECKOUT_PORT: String(await freePort()) }),
    role('worker', {}),
    role('worker', {}),
  ];
  for (const child of started) await running(child);

  const account = JSON.parse(
    execFileSync(process.execPath, ['dist/cli/cli.js', 'accounts', 'create', '--name', 'Busy shop', '--json'], {
      cwd: API_DIR,
      env: { ...process.env, ...ENV, DATABASE_URL: database.url, DATA_DIR: dataDir },
    }).toString(),
  );
  apis = ports.map((port) => createKupaClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: account.api_keys.test, maxRetries: 0 }));
  const hook = await apis[0].POST('/v1/webhooks', {
    body: {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ['charge.succeeded', 'checkout_session.completed'],
    },
  });
  expect(hook.error).toBeUndefined();
}, 300_000);

afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  receiver?.closeAllConnections();
  receiver?.close();
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('scale-out: two api, two worker and one checkout process on one PostgreSQL', () => {
  it(`${SESSIONS} checkouts paid at once, a worker killed mid-run: each paid once, every event delivered, nothing in flight`, async () => {
    const customer = (await apis[0].POST('/v1/customers', { body: { name: 'Many carts' } })).data!.data.id;
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) => {
        const created = await apis[i % 2].POST('/v1/checkout_sessions', {
          body: {
            customer,
            line_items: [{ name: `Cart ${i}`, amount_agorot: 1_000 + i }],
            success_url: 'https://shop.example/thanks',
            cancel_url: 'https://shop.example/cart',
          },
        });
        expect(created.error).toBeUndefined();
        return created.data!.data;
      }),
    );

    // Every cart paid at once, through both api processes, while the workers deliver the events.
    const paying = Promise.all(
      sessions.map((session, i) =>
        apis[(i + 1) % 2].POST('/v1/checkout_sessions/{id}/confirm', {
          params: { path: { id: session.id } },
          body: { payment_method: { type: 'card', token: 'tok_visa' } },
        }),
      ),
    );
    await until('deliveries under way', async () => received.length >= 20);
    const victim = processes[3];
    victim.kill('SIGKILL');
    const answers = await paying;
    expect(answers.map((answer) => answer.data?.data.status)).toEqual(sessions.map(() => 'succeeded'));
    // A process killed by a signal has a signalCode and no exitCode.
    if (victim.exitCode === null && victim.signalCode === null) await new Promise((resolve) => victim.once('exit', resolve));
    await running(role('worker', {}));

    // Each session paid exactly once.
    const charges = await sql<{ session: string; n: number }>(
      `select checkout_session_id as session, count(*)::int as n from charges where status = 'succeeded' group by checkout_session_id`,
    );
    expect(charges).toHaveLength(SESSIONS);
    expect(charges.every((row) => row.n === 1)).toBe(true);
    for (const session of sessions.slice(0, 20)) {
      expect((await apis[0].GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.status).toBe(
        'completed',
      );
    }

    // Every event reached the endpoint at least once; by id, each exactly once.
    const expected = await sql<{ id: string }>(`select id from events where type in ('charge.succeeded', 'checkout_session.completed')`);
    expect(expected).toHaveLength(2 * SESSIONS);
    await until('every event at the endpoint', async () => expected.every(({ id }) => received.some((event) => event.id === id)));
    const unique = new Set(received.map((event) => event.id));
    expect(unique.size).toBe(2 * SESSIONS);

    // Nothing left in flight: no payment attempt pending, no delivery job waiting or running.
    expect(await sql(`select id from money_intents where status in ('pending', 'requires_action')`)).toEqual([]);
    await until(
      'the delivery queue to drain',
      async () =>
        (await sql(`select id from pgboss.job where name = 'webhook-delivery' and state in ('created', 'retry', 'active')`)).length === 0,
    );
  });
});
