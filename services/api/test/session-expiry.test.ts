import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpireDueSessions } from '../src/modules/checkout/application/expire-due-sessions';
import { SESSION_EXPIRY_QUEUE } from '../src/modules/checkout/checkout.tokens';
import { MovableClock, startTestApp, type TestApp } from './support/harness';
import { Receiver, waitFor } from './support/receiver';

const clock = new MovableClock();
let app: TestApp;
let hook: Receiver;

beforeAll(async () => {
  app = await startTestApp(undefined, { clock, worker: true, env: { JOB_POLL_INTERVAL_MS: '20', WEBHOOK_RETRY_SCHEDULE_MS: '20,20,20' } });
  hook = await Receiver.start();
});
afterAll(async () => {
  await app.close();
  await hook.close();
});

describe('checkout session expiry', () => {
  it('the sweep expires every due session once, and each expiry reaches webhooks', async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    await api.POST('/v1/webhooks', { body: { url: hook.url, events: ['checkout_session.expired'] } });
    const customer = (await api.POST('/v1/customers', { body: { name: 'C' } })).data!.data.id;
    const body = {
      customer,
      success_url: 'https://s.example/ok',
      cancel_url: 'https://s.example/no',
      line_items: [{ name: 'Thing', amount_agorot: 1000 }],
    };
    const due = [
      (await api.POST('/v1/checkout_sessions', { body })).data!.data,
      (await api.POST('/v1/checkout_sessions', { body })).data!.data,
    ];
    clock.advance(20 * 60 * 1000);
    const fresh = (await api.POST('/v1/checkout_sessions', { body })).data!.data;
    clock.advance(11 * 60 * 1000);

    const sweep = () => app.services.inContext(() => app.services.container.get(ExpireDueSessions).execute());
    expect(await sweep()).toBeGreaterThanOrEqual(2);
    expect(await sweep()).toBe(0);
    const expired = new Map<string, unknown>();
    for (const session of due) {
      const now = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
      expect(now.status).toBe('expired');
      expired.set(session.id, now);
    }
    expect((await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: fresh.id } } })).data!.data.status).toBe('pending');

    await waitFor('both expiries delivered', () => hook.requests.length >= 2);
    const delivered = hook.events() as unknown as { type: string; data: { id: string; status: string } }[];
    expect(delivered.map((e) => e.data.id).sort()).toEqual(due.map((s) => s.id).sort());
    expect(delivered.every((e) => e.type === 'checkout_session.expired' && e.data.status === 'expired')).toBe(true);
    // Each event carries the session as the API gives it, key for key in the same order, when read and when delivered.
    const recorded = (await api.GET('/v1/events', { params: { query: { type: 'checkout_session.expired' } } })).data!.data;
    for (const event of [...recorded, ...delivered]) {
      expect(JSON.stringify(event.data)).toBe(JSON.stringify(expired.get((event.data as { id: string }).id)));
    }
  });

  it('two sweeps at once, in batches, expire each due session once and pass over one a payment holds', async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    const customer = (await api.POST('/v1/customers', { body: { name: 'C' } })).data!.data.id;
    const body = {
      customer,
      success_url: 'https://s.example/ok',
      cancel_url: 'https://s.example/no',
      line_items: [{ name: 'Thing', amount_agorot: 1000 }],
    };
    const due: string[] = [];
    for (let i = 0; i < 23; i++) due.push((await api.POST('/v1/checkout_sessions', { body })).data!.data.id);
    clock.advance(31 * 60 * 1000);

    // A payment of the first session holds its row, as a confirm does.
    const payment = new pg.Client({ connectionString: app.databaseUrl });
    await payment.connect();
    await payment.query('begin');
    await payment.query('select 1 from checkout_sessions where id = $1 for update', [due[0]]);
    const sweep = () => app.services.inContext(() => app.services.container.get(ExpireDueSessions).execute(null, 4));
    // (Each session's own expiry job may take some of them meanwhile: exactly once is judged by the events.)
    await Promise.all([sweep(), sweep()]);
    // Stored statuses (the API shows a pending session past its time as expired already).
    const stored = async () =>
      new Map(
        (await payment.query('select id, status from checkout_sessions where id = any($1)', [due])).rows.map((row) => [row.id, row.status]),
      );
    expect(await stored()).toEqual(new Map(due.map((id) => [id, id === due[0] ? 'pending' : 'expired'])));
    await payment.query('rollback');

    await sweep();
    expect([...(await stored()).values()]).toEqual(due.map(() => 'expired'));
    await payment.end();
    expect(await app.services.inContext(() => app.services.container.get(ExpireDueSessions).execute())).toBe(0);
    const events = (await api.GET('/v1/events', { params: { query: { type: 'checkout_session.expired', limit: 100 } } })).data!.data;
    expect(events.map((event) => (event.data as { id: string }).id).sort()).toEqual([...due].sort());
  });

  it("each session's own job expires it when its time comes, and only then", async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    const customer = (await api.POST('/v1/customers', { body: { name: 'C' } })).data!.data.id;
    const session = (
      await api.POST('/v1/checkout_sessions', {
        body: {
          customer,
          success_url: 'https://s.example/ok',
          cancel_url: 'https://s.example/no',
          line_items: [{ name: 'x', amount_agorot: 1 }],
        },
      })
    ).data!.data;

    // The job fires early (clocks disagree): nothing happens.
    await app.services.boss.send(SESSION_EXPIRY_QUEUE, { sessionId: session.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.status).toBe('pending');

    clock.advance(31 * 60 * 1000);
    await app.services.boss.send(SESSION_EXPIRY_QUEUE, { sessionId: session.id });
    await waitFor('the expiry event', async () => {
      const events = (await api.GET('/v1/events', { params: { query: { type: 'checkout_session.expired' } } })).data!.data;
      return events.length === 1 && events;
    });
  });
});
