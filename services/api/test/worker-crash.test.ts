import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, shopper, URLS } from './support/checkout';
import { freePort } from '../src/main/database';
import { freshDatabase } from './support/database';
import { recordEvent } from './support/events';
import { startTestApp, TEST_FINGERPRINT_SECRET, TEST_MASTER_KEY, type TestApp } from './support/harness';
import { Receiver, waitFor } from './support/receiver';

const ENV = {
  WEBHOOK_RETRY_SCHEDULE_MS: '40,40,40',
  WEBHOOK_TIMEOUT_MS: '5000',
  JOB_POLL_INTERVAL_MS: '20',
  JOB_EXPIRE_SECONDS: '2',
  JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  CARD_FINGERPRINT_SECRET: TEST_FINGERPRINT_SECRET,
  // Every process opens what the others sealed (webhook signing secrets): one master key for all.
  MASTER_KEY: TEST_MASTER_KEY,
  // Several processes on one machine: each takes a free operations port.
  METRICS_PORT: '0',
};
const API_DIR = fileURLToPath(new URL('..', import.meta.url));

let databaseUrl: string;
let app: TestApp;
let hook: Receiver;
const workers: ChildProcess[] = [];

/** A role in its own process, as production runs it. */
function startRoleProcess(role: 'api' | 'worker', env: Record<string, string> = {}): ChildProcess {
  const child = spawn('pnpm', ['exec', 'tsx', 'src/main/start.ts', '--role', role], {
    cwd: API_DIR,
    env: { ...process.env, ...ENV, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
    detached: true,
    stdio: 'ignore',
  });
  workers.push(child);
  return child;
}

const startWorkerProcess = () => startRoleProcess('worker');

const listening = (port: number) =>
  waitFor(
    'the API process to listen',
    () =>
      fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    60_000,
  );

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
    const done = await waitFor(
      'every event delivered',
      async () => {
        const rows = await succeeded();
        return rows.length === 20 && rows;
      },
      60_000,
    );
    expect(new Set(done.map((d) => d.event))).toEqual(ids);
    expect(new Set(hook.events().map((e) => e.id))).toEqual(ids);
  });
});

describe("an API process killed (SIGKILL) between the processor's answer and the commit", () => {
  it('leaves a payment in flight that the next worker finishes at start-up: one charge, the session completed', async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    const customer = (await api.POST('/v1/customers', { body: { name: 'Tal' } })).data!.data.id;
    const session = (
      await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Kettle', amount_agorot: 10_000 }] } })
    ).data!.data;
    const token = await shopper(app).token(session.id, CARDS.ok);

    const port = await freePort();
    const doomed = startRoleProcess('api', { PORT: String(port), TEST_FAULTS: 'after_processor_call,kill' });
    await listening(port);
    const confirm = fetch(`http://127.0.0.1:${port}/v1/checkout_sessions/${session.id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ payment_method: { type: 'card', token } }),
    });
    await expect(confirm).rejects.toThrow(); // the connection died with the process
    await waitFor('the process to be gone', () => doomed.exitCode !== null || doomed.signalCode !== null, 10_000);
    const ledger = () =>
      app.services.orm.em
        .fork()
        .getConnection()
        .execute("select count(*)::int as n from sim_ledger where operation = 'authorize' and request->>'reference' = ?", [session.id]);
    expect((await ledger())[0].n).toBe(1);
    expect((await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.status).toBe('pending');

    startRoleProcess('worker', { PAYMENT_ATTEMPT_STALE_MS: '0' });
    const paid = await waitFor(
      'the reconciler to complete the session',
      async () => {
        const current = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
        return current.status === 'completed' && current;
      },
      60_000,
    );
    const charges = (await api.GET('/v1/charges', { params: { query: { customer } } })).data!.data;
    expect(charges.map((c) => [c.id, c.status])).toEqual([[paid.charge, 'succeeded']]);
    expect((await ledger())[0].n).toBe(1);
  });
});

describe("an API process killed (SIGKILL) after the processor approved a subscription change's charge", () => {
  it('leaves the change in flight with the subscription held; the reconciler charges nothing more and applies it once', async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    const customer = (await api.POST('/v1/customers', { body: { name: 'Tal' } })).data!.data.id;
    const product = (await api.POST('/v1/products', { body: { name: 'Club' } })).data!.data.id;
    const price = async (unit_amount: number) =>
      (
        await api.POST('/v1/prices', {
          body: { product, unit_amount, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
        })
      ).data!.data.id;
    const [basic, pro] = [await price(4_900), await price(9_900)];
    const card = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
    const subscription = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: card, price: basic } })).data!.data.id;

    const port = await freePort();
    const doomed = startRoleProcess('api', { PORT: String(port), TEST_FAULTS: 'after_processor_call,kill' });
    await listening(port);
    const upgrade = fetch(`http://127.0.0.1:${port}/v1/subscriptions/${subscription}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${merchant.testKey}` },
      body: JSON.stringify({ price: pro, proration_behavior: 'always_invoice' }),
    });
    await expect(upgrade).rejects.toThrow(); // the connection died with the process
    await waitFor('the process to be gone', () => doomed.exitCode !== null || doomed.signalCode !== null, 10_000);
    const ledger = () =>
      app.services.orm.em
        .fork()
        .getConnection()
        .execute("select count(*)::int as n from sim_ledger where operation = 'authorize' and request->>'reference' like ?", [
          `${subscription}:subchg_%`,
        ]);
    expect((await ledger())[0].n).toBe(1);
    const read = async () => (await api.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription } } })).data!.data;
    expect((await read()).price).toBe(basic);
    const held = await api.POST('/v1/subscriptions/{id}', { params: { path: { id: subscription } }, body: { quantity: 2 } });
    expect(held.error!.error.code).toBe('subscription_change_in_progress');
    // A cancel while the change waits for the reconciler is refused too: settling would overturn it.
    const cancel = () => api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id: subscription } } });
    expect((await cancel()).error!.error.code).toBe('subscription_change_in_progress');
    expect((await read()).status).toBe('active');

    const reconciling = startRoleProcess('worker', { PAYMENT_ATTEMPT_STALE_MS: '0' });
    await waitFor('the reconciler to apply the change', async () => (await read()).price === pro, 60_000);
    const charges = (await api.GET('/v1/charges', { params: { query: { customer } } })).data!.data;
    expect(charges.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    expect(charges[0].amount).toBeGreaterThan(0);
    expect((await ledger())[0].n).toBe(1);
    // Settled: the cancel is taken now, and nothing is left to make the subscription active again.
    expect((await cancel()).data!.data).toMatchObject({ status: 'canceled', price: pro });
    expect(await read()).toMatchObject({ status: 'canceled', price: pro });
    kill(reconciling); // its work is done: the next test's processes get the machine
  });
});

describe('an API process killed (SIGKILL) after a keyed request committed its change and before it answered', () => {
  it('leaves the answer with the key: the retry gets the object made, and nothing is made twice', async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    const product = (await api.POST('/v1/products', { body: { name: 'Olive oil' } })).data!.data.id;
    const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Once' } })).data!.data.id;
    const creates: Array<{ path: string; body: object; list: string }> = [
      { path: '/v1/customers', body: { name: 'Noa Twice', email: 'noa@example.co.il' }, list: '/v1/customers?limit=100' },
      { path: '/v1/products', body: { name: 'Once only' }, list: '/v1/products?limit=100' },
      { path: '/v1/prices', body: { product, unit_amount: 3_900, currency: 'ils', type: 'one_time' }, list: '/v1/prices?limit=100' },
      {
        path: '/v1/checkout_sessions',
        body: { customer, ...URLS, line_items: [{ name: 'Jar', amount_agorot: 2_500 }] },
        list: '/v1/checkout_sessions?limit=100',
      },
      { path: '/v1/discounts', body: { name: 'Ten off', code: 'ONCE10', percent_off: 10 }, list: '/v1/discounts?limit=100' },
      { path: '/v1/webhooks', body: { url: hook.url, events: ['*'] }, list: '/v1/webhooks' },
    ];
    const count = async (list: string) => {
      const res = await fetch(`${app.baseUrl}${list}`, { headers: { Authorization: `Bearer ${merchant.testKey}` } });
      return ((await res.json()) as { data: unknown[] }).data.length;
    };
    const before = await Promise.all(creates.map((create) => count(create.list)));

    // One doomed process per create: each dies at its first keyed request, after the commit.
    const ports = await Promise.all(creates.map(() => freePort()));
    const doomed = ports.map((port) => startRoleProcess('api', { PORT: String(port), TEST_FAULTS: 'after_commit,kill' }));
    await Promise.all(ports.map(listening));
    const post = (base: string, { path, body }: (typeof creates)[number], key: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${merchant.testKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
      });
    await Promise.all(creates.map((create, i) => expect(post(`http://127.0.0.1:${ports[i]}`, create, `crash-${i}`)).rejects.toThrow()));
    await Promise.all(
      doomed.map((child) => waitFor('the process to be gone', () => child.exitCode !== null || child.signalCode !== null, 10_000)),
    );
    // Each change was committed before the process died.
    expect(await Promise.all(creates.map((create) => count(create.list)))).toEqual(before.map((n) => n + 1));

    // Retried after the first request's lease ran out, as a client retries a request that never answered.
    const retrying = await startTestApp(databaseUrl, { env: { ...ENV, PAYMENT_ATTEMPT_STALE_MS: '0' } });
    try {
      for (const [i, create] of creates.entries()) {
        const res = await post(retrying.baseUrl, create, `crash-${i}`);
        expect([create.path, res.status, res.headers.get('Idempotent-Replayed')]).toEqual([create.path, 200, 'true']);
        const made = ((await res.json()) as { data: { id: string; secret?: string } }).data;
        const listed = await fetch(`${app.baseUrl}${create.list}`, { headers: { Authorization: `Bearer ${merchant.testKey}` } });
        expect(((await listed.json()) as { data: Array<{ id: string }> }).data.map((o) => o.id)).toContain(made.id);
        if (create.path === '/v1/webhooks') expect(made.secret).toMatch(/^whsec_/);
      }
      expect(await Promise.all(creates.map((create) => count(create.list)))).toEqual(before.map((n) => n + 1));
    } finally {
      await retrying.close();
    }
  }, 120_000); // six API processes start and die, on a machine the other test files share
});
