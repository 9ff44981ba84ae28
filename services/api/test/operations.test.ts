import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOpsApp } from '../src/main/ops';
import { shopper, URLS } from './support/checkout';
import { recordEvent } from './support/events';
import { startTestApp, type TestApp } from './support/harness';
import { Receiver, waitFor } from './support/receiver';

let app: TestApp;
let ops: Server;
let opsUrl: string;
let hook: Receiver;

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, env: { JOB_POLL_INTERVAL_MS: '20' } });
  ops = await new Promise((resolve) => {
    const server = createOpsApp(app.services).listen(0, '127.0.0.1', () => resolve(server));
  });
  opsUrl = `http://127.0.0.1:${(ops.address() as AddressInfo).port}`;
  hook = await Receiver.start();
});
afterAll(async () => {
  await new Promise((resolve) => ops.close(resolve));
  await hook.close();
  await app.close();
});

/** One sample of the metrics text: `name{labels} value`. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const text = await (await fetch(`${opsUrl}/metrics`)).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find(
      (l) => (l.startsWith(`${name}{`) && wanted.every((label) => l.includes(label))) || (wanted.length === 0 && l.startsWith(`${name} `)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function setConnections(allowed: boolean) {
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  const name = new URL(app.databaseUrl).pathname.slice(1);
  try {
    await admin.query(`alter database "${name}" with allow_connections ${allowed}`);
    if (!allowed) await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  } finally {
    await admin.end();
  }
}

describe('what an operator watches', () => {
  it("/health says alive and /ready says ready, on the operations port and on the API's", async () => {
    for (const base of [opsUrl, app.baseUrl]) {
      expect(await (await fetch(`${base}/health`)).json()).toEqual({ success: true, data: { status: 'ok' } });
      const ready = await fetch(`${base}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ success: true, data: { status: 'ready' } });
    }
  });

  it('counts requests by operation and status, with their latency', async () => {
    const merchant = await app.createAccount();
    const before = (await sample('kupa_http_requests_total', { operation: 'createCustomer', status: '200' })) ?? 0;
    await app.client(merchant.testKey).POST('/v1/customers', { body: { name: 'Counted' } });
    await app.client(merchant.testKey).POST('/v1/customers', { body: { name: '' } });
    expect(await sample('kupa_http_requests_total', { operation: 'createCustomer', method: 'POST', status: '200' })).toBe(before + 1);
    expect(await sample('kupa_http_requests_total', { operation: 'createCustomer', status: '400' })).toBeGreaterThanOrEqual(1);
    expect(await sample('kupa_http_request_duration_seconds_count', { operation: 'createCustomer' })).toBeGreaterThanOrEqual(before + 2);
  });

  it('a delivered webhook and a payment move their counters; the queues show their depth', async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    await api.POST('/v1/webhooks', { body: { url: `${hook.url}/hooks`, events: ['*'] } });
    const delivered = (await sample('kupa_webhook_deliveries_total', { outcome: 'succeeded' })) ?? 0;
    const paid = (await sample('kupa_payments_total', { outcome: 'succeeded' })) ?? 0;
    const declined = (await sample('kupa_payments_total', { outcome: 'failed' })) ?? 0;

    await recordEvent(app, { accountId: merchant.id, livemode: false }, 'charge.succeeded');
    await waitFor(
      'the delivery to count',
      async () => (await sample('kupa_webhook_deliveries_total', { outcome: 'succeeded' })) === delivered + 1,
    );

    const customer = (await api.POST('/v1/customers', { body: { name: 'Payer' } })).data!.data.id;
    const session = (
      await api.POST('/v1/checkout_sessions', { body: { customer, line_items: [{ name: 'Tea', amount_agorot: 1_500 }], ...URLS } })
    ).data!.data;
    await shopper(app).payWithCard(session.id);
    const refused = (
      await api.POST('/v1/checkout_sessions', { body: { customer, line_items: [{ name: 'Tea', amount_agorot: 1_500 }], ...URLS } })
    ).data!.data;
    await shopper(app).payWithCard(refused.id, '4000000000000002');
    expect(await sample('kupa_payments_total', { outcome: 'succeeded' })).toBe(paid + 1);
    expect(await sample('kupa_payments_total', { outcome: 'failed' })).toBe(declined + 1);

    expect(await sample('kupa_job_queue_depth', { queue: 'webhook-delivery' })).toBeGreaterThanOrEqual(0);
    expect(await sample('kupa_job_queue_oldest_seconds', { queue: 'webhook-delivery' })).toBeGreaterThanOrEqual(0);
    expect(await sample('kupa_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('/ready answers 503 while the database refuses connections, and ready again after', async () => {
    await setConnections(false);
    try {
      const body = await waitFor('not ready', async () => {
        const answer = await fetch(`${opsUrl}/ready`);
        return answer.status === 503 && ((await answer.json()) as { error: unknown });
      });
      expect(body.error).toMatchObject({ code: 'not_ready', message: expect.stringMatching(/^Not ready: the database/) });
      expect((await fetch(`${opsUrl}/health`)).status).toBe(200);
    } finally {
      await setConnections(true);
    }
    await waitFor('ready again', async () => (await fetch(`${opsUrl}/ready`)).status === 200);
  });
});
