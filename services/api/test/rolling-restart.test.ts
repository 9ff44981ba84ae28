import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/main/database';
import { freshDatabase } from './support/database';
import { startTestApp, TEST_FINGERPRINT_SECRET, TEST_MASTER_KEY, type TestApp } from './support/harness';
import { recordEvent } from './support/events';
import { Receiver, waitFor } from './support/receiver';

// A deploy restarts the API processes one by one under load, as an orchestrator does: SIGTERM, wait for
// the exit, start the new one. The processor takes a moment, so charges are in flight at every signal.
// A client that sends a request refused with 503 `shutting_down` (or to a process not listening) to the
// other process with the same Idempotency-Key sees every request answered, and nothing is made twice.
const ENV = {
  CARD_FINGERPRINT_SECRET: TEST_FINGERPRINT_SECRET,
  MASTER_KEY: TEST_MASTER_KEY,
  METRICS_PORT: '0',
  SIMULATED_PROCESSOR_LATENCY_MS: '250',
  RATE_LIMIT_PER_SECOND: '1000000',
  RATE_LIMIT_BURST: '1000000',
  LOG_LEVEL: 'warn',
};
const API_DIR = fileURLToPath(new URL('..', import.meta.url));

let databaseUrl: string;
let app: TestApp;
const processes: ChildProcess[] = [];

function startRole(role: 'api' | 'worker', env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/start.ts', '--role', role], {
    cwd: API_DIR,
    env: { ...process.env, ...ENV, DATABASE_URL: databaseUrl, ...env },
    stdio: 'ignore',
  });
  processes.push(child);
  return child;
}

const startApi = (port: number) => startRole('api', { PORT: String(port) });

const listening = (port: number) =>
  waitFor(
    `the API process on ${port} to listen`,
    () =>
      fetch(`http://127.0.0.1:${port}/ready`).then(
        (r) => r.ok,
        () => false,
      ),
    60_000,
  );

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

beforeAll(async () => {
  databaseUrl = await freshDatabase();
  app = await startTestApp(databaseUrl, { env: ENV });
});
afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await app?.close();
});

interface Sent {
  key: string;
  port: number;
  started: number;
  ended: number;
  status: number;
}

describe('a rolling restart under load', () => {
  it('answers every request: those in flight finish, new ones are sent elsewhere, none fails or is made twice', async () => {
    const merchant = await app.createAccount('Rolling');
    const api = app.client(merchant.testKey);
    const customer = (await api.POST('/v1/customers', { body: { name: 'Load' } })).data!.data.id;
    const card = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
    const product = (await api.POST('/v1/products', { body: { name: 'Plan' } })).data!.data.id;
    const price = (
      await api.POST('/v1/prices', {
        body: { product, unit_amount: 1_000, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;

    const ports = [await freePort(), await freePort()];
    const running = new Map<number, ChildProcess>(ports.map((port) => [port, startApi(port)]));
    await Promise.all(ports.map(listening));

    const answered: Sent[] = [];
    const failures: string[] = [];
    /** When each port's process was told to stop (its replacement then listens there). */
    const signaledAt = new Map<number, number>();
    let stop = false;
    let counter = 0;
    /** One subscription, its key kept across every process it is sent to. */
    const subscribe = async (lane: number) => {
      const key = `rolling-${lane}-${counter++}`;
      for (let tries = 0, port = ports[lane % 2]; tries < 20; tries++, port = ports[(ports.indexOf(port) + 1) % 2]) {
        const started = Date.now();
        let res: Response;
        try {
          res = await fetch(`http://127.0.0.1:${port}/v1/subscriptions`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${merchant.testKey}`, 'Idempotency-Key': key },
            body: JSON.stringify({ customer, payment_method: card, price }),
          });
        } catch (error) {
          // The connection was never made (a process not listening, or one that closed its listening
          // socket with this connection still waiting to be accepted): nothing was sent.
          const cause = (error as { cause?: { code?: string; syscall?: string; message?: string } }).cause;
          if (cause?.code === 'ECONNREFUSED' || cause?.syscall === 'connect' || cause?.message?.startsWith('connect ')) continue;
          // A kept-alive connection closed by the stopping process just as this request went out on it
          // (HTTP/1.1's keep-alive race): the Idempotency-Key makes sending it again safe, as the SDK
          // does. A request that was in flight when the signal came must never end this way.
          const signaled = signaledAt.get(port);
          if (signaled !== undefined && started > signaled) continue;
          failures.push(`${key} on ${port}: ${String(cause ?? error)}`);
          return;
        }
        const body = (await res.json()) as { error?: { code: string } };
        if (res.status === 503 && body.error?.code === 'shutting_down') {
          expect(res.headers.get('retry-after')).toBe('1');
          continue;
        }
        if (res.status !== 200) failures.push(`${key} on ${port}: ${res.status} ${JSON.stringify(body)}`);
        else answered.push({ key, port, started, ended: Date.now(), status: res.status });
        return;
      }
      failures.push(`${key}: no process answered`);
    };
    const lanes = Array.from({ length: 6 }, async (_, lane) => {
      while (!stop) await subscribe(lane);
    });

    const restart = async (port: number) => {
      await waitFor('load on the process', () => answered.filter((sent) => sent.port === port).length >= 6, 30_000);
      const signaled = Date.now();
      signaledAt.set(port, signaled);
      running.get(port)!.kill('SIGTERM');
      expect(await exited(running.get(port)!)).toBe(0);
      const replacement = startApi(port);
      running.set(port, replacement);
      await listening(port);
      return signaled;
    };
    const signals = [await restart(ports[0]), await restart(ports[1])];
    await waitFor('load on the new processes', () => answered.filter((sent) => sent.ended > Date.now() - 1_000).length >= 6, 30_000);
    stop = true;
    await Promise.all(lanes);

    expect(failures).toEqual([]);
    // At each signal, charges were in flight on the stopping process, and they were answered by it.
    signals.forEach((at, i) => expect(answered.some((sent) => sent.port === ports[i] && sent.started < at && sent.ended > at)).toBe(true));
    // One subscription for each request answered, however many processes it was sent to.
    const rows = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n from subscriptions where customer_id = ?', [customer]);
    expect(rows[0].n).toBe(new Set(answered.map((sent) => sent.key)).size);
    expect(answered.length).toBe(new Set(answered.map((sent) => sent.key)).size);
  });
});

describe('a worker stopped (SIGTERM) while it delivers', () => {
  it('finishes the deliveries it holds, records them, and exits: none is sent twice', async () => {
    const merchant = await app.createAccount('Stopping worker');
    const hook = await Receiver.start();
    try {
      // A slow endpoint: the worker's batch is in flight when the signal comes.
      hook.always((_req, res) => setTimeout(() => res.writeHead(200).end(), 1_500));
      const api = app.client(merchant.testKey);
      const { id: endpoint } = (await api.POST('/v1/webhooks', { body: { url: hook.url, events: ['*'] } })).data!.data;
      for (let i = 0; i < 5; i++) await recordEvent(app, { accountId: merchant.id, livemode: false }, 'charge.succeeded');
      const worker = startRole('worker', { JOB_POLL_INTERVAL_MS: '20', WEBHOOKS_ALLOW_LOOPBACK: 'true' });
      await waitFor('the worker to be delivering', () => hook.requests.length >= 5, 60_000);
      worker.kill('SIGTERM');
      expect(await exited(worker)).toBe(0);

      const deliveries = (await api.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id: endpoint }, query: { limit: 100 } } }))
        .data!.data;
      expect(deliveries.map((d) => d.outcome)).toEqual(Array(5).fill('succeeded'));
      expect(hook.requests).toHaveLength(5);
    } finally {
      await hook.close();
    }
  });
});
