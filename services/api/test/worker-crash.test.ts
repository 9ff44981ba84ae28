import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './support/database';
import { recordEvent } from './support/events';
import { startTestApp, type TestApp } from './support/harness';
import { Receiver, waitFor } from './support/receiver';

const ENV = {
  WEBHOOK_RETRY_SCHEDULE_MS: '40,40,40',
  WEBHOOK_TIMEOUT_MS: '5000',
  JOB_POLL_INTERVAL_MS: '20',
  JOB_EXPIRE_SECONDS: '2',
  JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
};
const API_DIR = fileURLToPath(new URL('..', import.meta.url));

let databaseUrl: string;
let app: TestApp;
let hook: Receiver;
const workers: ChildProcess[] = [];

/** A worker role in its own process, as production runs it. */
function startWorkerProcess(): ChildProcess {
  const child = spawn('pnpm', ['exec', 'tsx', 'src/main/start.ts', '--role', 'worker'], {
    cwd: API_DIR,
    env: { ...process.env, ...ENV, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    detached: true,
    stdio: 'ignore',
  });
  workers.push(child);
  return child;
}

function kill(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

beforeAll(async () => {
  databaseUrl = await freshDatabase();
  app = await startTestApp(databaseUrl, { env: ENV });
  hook = await Receiver.start();
  // Slow answers keep the worker's batch in flight when it is killed.
  hook.always((_req, res) => setTimeout(() => res.writeHead(200).end(), 300));
});
afterAll(async () => {
  for (const worker of workers) kill(worker);
  await hook.close();
  await app.close();
});

describe('a worker killed in the middle of its work', () => {
  it('leaves no event undelivered once another worker starts', async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    const { id: endpointId } = (await api.POST('/v1/webhooks', { body: { url: hook.url, events: ['*'] } })).data!.data;
    const events = [];
    for (let i = 0; i < 20; i++) events.push(await recordEvent(app, { accountId: merchant.id, livemode: false }, 'charge.succeeded'));
    const ids = new Set(events.map((e) => e.id));

    const doomed = startWorkerProcess();
    await waitFor('the first worker to start delivering', () => hook.requests.length > 0, 60_000);
    kill(doomed);

    const succeeded = async () => {
      const res = await api.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id: endpointId }, query: { limit: 100 } } });
      return res.data!.data.filter((d) => d.outcome === 'succeeded');
    };
    expect((await succeeded()).length).toBeLessThan(20);

    startWorkerProcess();
    const done = await waitFor('every event delivered', async () => {
      const rows = await succeeded();
      return rows.length === 20 && rows;
    }, 60_000);
    expect(new Set(done.map((d) => d.event))).toEqual(ids);
    expect(new Set(hook.events().map((e) => e.id))).toEqual(ids);
  });
});
