import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook } from '@kupa/sdk';
import { EVENTS } from '../src/modules/events/events.tokens';
import type { WebhookSender } from '../src/modules/events/application/ports/webhook-transport';
import { RecordEvent } from '../src/modules/events/application/record-event';
import { SealStoredSigningSecrets } from '../src/modules/events/application/seal-stored-signing-secrets';
import { PERSISTENCE } from '../src/platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../src/platform/persistence/unit-of-work';
import { rawRequest } from './support/contract';
import { chargeData, recordEvent } from './support/events';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { Receiver, sleep, waitFor } from './support/receiver';

const FAST = { WEBHOOK_RETRY_SCHEDULE_MS: '40,40,40', WEBHOOK_TIMEOUT_MS: '500', JOB_POLL_INTERVAL_MS: '20' };
const dns = new Map<string, string[]>();
let app: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  app = await startTestApp(undefined, { env: FAST, worker: true, dns });
});
afterAll(async () => {
  await app.close();
  for (const receiver of receivers) await receiver.close();
});

async function receiver(): Promise<Receiver> {
  const r = await Receiver.start();
  receivers.push(r);
  return r;
}

async function endpoint(key: string, url: string, events: string[] = ['*']) {
  const res = await app.client(key).POST('/v1/webhooks', { body: { url, events } });
  expect(res.response.status).toBe(200);
  return res.data!.data;
}

async function deliveries(key: string, endpointId: number) {
  const res = await app.client(key).GET('/v1/webhooks/{id}/deliveries', { params: { path: { id: endpointId }, query: { limit: 100 } } });
  return res.data!.data.slice().reverse();
}

const scopeOf = (account: TestAccount, livemode = false) => ({ accountId: account.id, livemode });

describe('webhook endpoints', () => {
  it('registers an endpoint, shows its secret once, lists and retrieves it without the secret, and deletes it', async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    const created = await endpoint(merchant.testKey, 'http://127.0.0.1:9/hooks', ['charge.succeeded', 'charge.failed']);
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      url: 'http://127.0.0.1:9/hooks',
      events: ['charge.succeeded', 'charge.failed'],
      active: true,
      livemode: false,
    });
    expect(Number.isInteger(created.id)).toBe(true);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await api.GET('/v1/webhooks');
    expect(list.data!.data).toEqual([
      {
        id: created.id,
        object: 'webhook_endpoint',
        url: created.url,
        events: created.events,
        active: true,
        previous_secret_expires_at: null,
        metadata: {},
        livemode: false,
        created: created.created,
      },
    ]);
    expect(JSON.stringify(list.data)).not.toContain('whsec_');
    const one = await api.GET('/v1/webhooks/{id}', { params: { path: { id: created.id } } });
    expect(one.data!.data).not.toHaveProperty('secret');

    const deleted = await api.DELETE('/v1/webhooks/{id}', { params: { path: { id: created.id } } });
    expect(deleted.data).toEqual({ success: true });
    expect((await api.GET('/v1/webhooks')).data!.data).toEqual([]);
    expect((await api.GET('/v1/webhooks/{id}', { params: { path: { id: created.id } } })).response.status).toBe(404);
  });

  it('changes an endpoint: its events, its url (checked as on create) and whether it is on; deliveries follow', async () => {
    const merchant = await app.createAccount();
    const api = app.client(merchant.testKey);
    const first = await receiver();
    const second = await receiver();
    const created = await endpoint(merchant.testKey, first.url, ['charge.refunded']);
    const change = (body: Record<string, unknown>) =>
      api.POST('/v1/webhooks/{id}', { params: { path: { id: created.id } }, body: body as never });

    const moved = await change({ url: `${second.url}/kupa`, events: ['charge.succeeded'] });
    expect(moved.data!.data).toMatchObject({ id: created.id, url: `${second.url}/kupa`, events: ['charge.succeeded'], active: true });
    expect(moved.data!.data).not.toHaveProperty('secret');
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('the delivery at the new url', () => second.requests.length === 1);
    expect(first.requests).toHaveLength(0);

    expect((await change({ active: false })).data!.data.active).toBe(false);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    expect((await change({ active: true })).data!.data.active).toBe(true);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('the delivery once on again', () => second.requests.length === 2);
    await sleep(200);
    expect(second.requests).toHaveLength(2);

    expect((await change({ url: 'http://example.com/hook' })).error!.error).toMatchObject({ code: 'url_not_https', param: 'url' });
    expect((await change({ events: ['charge.exploded'] })).error!.error).toMatchObject({ code: 'event_type_unknown', param: 'events[0]' });
    const other = await app.createAccount();
    expect(
      (await app.client(other.testKey).POST('/v1/webhooks/{id}', { params: { path: { id: created.id } }, body: { active: false } }))
        .response.status,
    ).toBe(404);
    expect((await api.GET('/v1/webhooks/{id}', { params: { path: { id: created.id } } })).data!.data).toMatchObject({
      url: `${second.url}/kupa`,
      active: true,
    });
  });

  it("scopes endpoints to the key's account and mode", async () => {
    const merchant = await app.createAccount();
    const created = await endpoint(merchant.testKey, 'http://127.0.0.1:9/a');
    expect((await app.client(merchant.liveKey).GET('/v1/webhooks')).data!.data).toEqual([]);
    const stranger = await app.createAccount();
    const res = await app.client(stranger.testKey).DELETE('/v1/webhooks/{id}', { params: { path: { id: created.id } } });
    expect(res.response.status).toBe(404);
    expect(res.error!.error.code).toBe('resource_missing');
  });

  it.each([
    [{ url: 'ftp://hooks.example/x' }, 'url_not_https', 'url'],
    [{ url: 'http://hooks.example/x' }, 'url_not_https', 'url'],
    [{ url: 'not a url' }, 'url_invalid', 'url'],
    [{ url: 'https://user:pass@hooks.example/x' }, 'url_invalid', 'url'],
    [{ events: ['charge.exploded'] }, 'event_type_unknown', 'events[0]'],
    [{ events: ['charge.succeeded', 'nope'] }, 'event_type_unknown', 'events[1]'],
    [{ events: ['*', 'charge.succeeded'] }, 'parameter_invalid', 'events'],
    [{ events: [] }, 'parameter_invalid', 'events'],
  ])('rejects %j', async (override, code, param) => {
    const merchant = await app.createAccount();
    const res = await app
      .client(merchant.testKey)
      .POST('/v1/webhooks', { body: { url: 'https://hooks.example/x', events: ['*'], ...override } });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code, param });
  });

  it('allows at most 16 endpoints per account and mode, even when created concurrently', async () => {
    const merchant = await app.createAccount();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.client(merchant.testKey).POST('/v1/webhooks', { body: { url: `http://127.0.0.1:9/${i}`, events: ['*'] } }),
      ),
    );
    expect(attempts.filter((a) => a.response.status === 200)).toHaveLength(16);
    const refused = attempts.filter((a) => a.response.status === 400);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.error!.error.code).toBe('webhook_endpoint_limit');
    expect((await app.client(merchant.testKey).GET('/v1/webhooks')).data!.data).toHaveLength(16);
  });
});

describe('events', () => {
  it('lists and retrieves events, filtered by type, newest first', async () => {
    const merchant = await app.createAccount();
    const scope = scopeOf(merchant);
    const first = await recordEvent(app, scope, 'charge.succeeded');
    const second = await recordEvent(app, scope, 'charge.failed', chargeData({ status: 'failed', captured: false, amount_captured: null }));
    const api = app.client(merchant.testKey);
    const all = await api.GET('/v1/events');
    expect(all.data!.data.map((e) => e.id)).toEqual([second.id, first.id]);
    const failed = await api.GET('/v1/events', { params: { query: { type: 'charge.failed' } } });
    expect(failed.data!.data.map((e) => e.id)).toEqual([second.id]);
    const one = await api.GET('/v1/events/{id}', { params: { path: { id: first.id } } });
    expect(one.data!.data).toMatchObject({ id: first.id, object: 'event', type: 'charge.succeeded', livemode: false });
    expect((await app.client(merchant.liveKey).GET('/v1/events/{id}', { params: { path: { id: first.id } } })).response.status).toBe(404);
  });

  it('of one transaction are all recorded, more than one statement can carry (65,535 parameters)', async () => {
    const merchant = await app.createAccount();
    const scope = scopeOf(merchant);
    const { container, inContext } = app.services;
    await inContext(() =>
      container.get<UnitOfWork>(PERSISTENCE.UnitOfWork).run(async () => {
        for (let i = 0; i < 11_000; i++) await container.get(RecordEvent).execute(scope, 'charge.succeeded', chargeData({ amount: i + 1 }));
      }),
    );
    const [{ n, amounts }] = (await app.services.orm.em
      .fork()
      .getConnection()
      .execute("select count(*)::int as n, count(distinct (data->>'amount'))::int as amounts from events where account_id = ?", [
        merchant.id,
      ])) as Array<{ n: number; amounts: number }>;
    expect({ n, amounts }).toEqual({ n: 11_000, amounts: 11_000 });
  });

  it('cannot be recorded outside the unit of work of the change', async () => {
    const merchant = await app.createAccount();
    await expect(
      app.services.inContext(() => app.services.container.get(RecordEvent).execute(scopeOf(merchant), 'charge.succeeded', chargeData())),
    ).rejects.toThrow(/unit of work/);
  });
});

describe("rotating an endpoint's secret", () => {
  const signatureEntries = (request: { headers: Record<string, unknown> }) => String(request.headers['webhook-signature']).split(' ');
  const standardHeaders = (request: { headers: Record<string, unknown> }) => ({
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });

  it('signs with both secrets during the overlap, so a receiver with either accepts, then with the new one alone', async () => {
    const merchant = await app.createAccount();
    const hook = await receiver();
    const created = await endpoint(merchant.testKey, `${hook.url}/hooks`);
    const oldSecret = created.secret!;
    const api = app.client(merchant.testKey);

    const rotated = await api.POST('/v1/webhooks/{id}/rotate_secret', { params: { path: { id: created.id } } });
    expect(rotated.response.status).toBe(200);
    const newSecret = rotated.data!.data.secret;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newSecret).not.toBe(oldSecret);
    const overlapEnds = Date.parse(rotated.data!.data.previous_secret_expires_at!);
    expect(Math.abs(overlapEnds - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    const shown = (await api.GET('/v1/webhooks/{id}', { params: { path: { id: created.id } } })).data!.data;
    expect(shown).toMatchObject({ previous_secret_expires_at: rotated.data!.data.previous_secret_expires_at });
    expect(shown).not.toHaveProperty('secret');

    const during = await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    const first = await waitFor('the delivery during the overlap', () => hook.requests.find((r) => r.headers['webhook-id'] === during.id));
    expect(signatureEntries(first)).toHaveLength(2);
    expect(first.headers['service-signature']).toBe(createHmac('sha256', newSecret).update(first.raw).digest('hex'));
    for (const secret of [oldSecret, newSecret]) {
      expect(new Webhook(secret).verify(first.raw.toString('utf8'), standardHeaders(first))).toMatchObject({ id: during.id });
      expect(verifyWebhook(first.raw, first.headers, secret).id).toBe(during.id);
    }

    const again = await api.POST('/v1/webhooks/{id}/rotate_secret', {
      params: { path: { id: created.id } },
      body: { previous_secret_expires_in: 0 },
    });
    const newest = again.data!.data.secret;
    expect(again.data!.data.previous_secret_expires_at).toBeNull();
    const after = await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    const second = await waitFor('the delivery after', () => hook.requests.find((r) => r.headers['webhook-id'] === after.id));
    expect(signatureEntries(second)).toHaveLength(1);
    expect(verifyWebhook(second.raw, second.headers, newest).id).toBe(after.id);
    for (const secret of [oldSecret, newSecret]) expect(() => verifyWebhook(second.raw, second.headers, secret)).toThrow(/does not match/);
  });

  it('keeps signing secrets sealed: none is stored in the clear, and one an earlier version stored so is sealed and still signs', async () => {
    const merchant = await app.createAccount();
    const hook = await receiver();
    const created = await endpoint(merchant.testKey, `${hook.url}/hooks`);
    const sql = (query: string, params: unknown[]) => app.services.orm.em.fork().getConnection().execute(query, params);
    const stored = async () => (await sql('select secret, previous_secret from webhook_endpoints where id = ?', [created.id]))[0];
    expect((await stored()).secret).toMatch(/^v1\./);
    expect(JSON.stringify(await stored())).not.toContain(created.secret!.slice(6));

    // A repeat of the create with its Idempotency-Key answers the same secret, which was kept sealed.
    const body = JSON.stringify({ url: 'http://127.0.0.1:9/replayed', events: ['*'] });
    const post = () =>
      fetch(`${app.baseUrl}/v1/webhooks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${merchant.testKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'hook-once' },
        body,
      });
    const once = (await (await post()).json()) as { data: { secret: string } };
    const repeat = await post();
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(((await repeat.json()) as typeof once).data.secret).toBe(once.data.secret);
    const kept = await sql(`select response_body::text as answer from idempotency_keys where key = 'hook-once'`, []);
    expect(kept[0].answer).not.toContain(once.data.secret.slice(6));

    // As a database from before sealing has it.
    const legacy = 'whsec_' + Buffer.alloc(32, 5).toString('base64');
    await sql('update webhook_endpoints set secret = ?, previous_secret = null where id = ?', [legacy, created.id]);
    const before = await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    const first = await waitFor('a delivery signed with the stored secret', () =>
      hook.requests.find((r) => r.headers['webhook-id'] === before.id),
    );
    expect(verifyWebhook(first.raw, first.headers, legacy).id).toBe(before.id);

    expect(await app.services.inContext(() => app.services.container.get(SealStoredSigningSecrets).execute())).toBeGreaterThanOrEqual(1);
    expect((await stored()).secret).toMatch(/^v1\./);
    const after = await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    const second = await waitFor('a delivery after sealing', () => hook.requests.find((r) => r.headers['webhook-id'] === after.id));
    expect(verifyWebhook(second.raw, second.headers, legacy).id).toBe(after.id);
  });

  it("refuses another account's endpoint and an overlap out of range, changing nothing", async () => {
    const merchant = await app.createAccount();
    const created = await endpoint(merchant.testKey, 'http://127.0.0.1:9/rotate');
    const stranger = await app.createAccount();
    const foreign = await app.client(stranger.testKey).POST('/v1/webhooks/{id}/rotate_secret', { params: { path: { id: created.id } } });
    expect(foreign.response.status).toBe(404);
    for (const overlap of [-1, 604_801]) {
      const res = await rawRequest(`${app.baseUrl}/v1/webhooks/${created.id}/rotate_secret`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${merchant.testKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ previous_secret_expires_in: overlap }),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'previous_secret_expires_in' });
    }
    const shown = (await app.client(merchant.testKey).GET('/v1/webhooks/{id}', { params: { path: { id: created.id } } })).data!.data;
    expect(shown.previous_secret_expires_at).toBeNull();
  });
});

describe('deliveries', () => {
  it('are signed: Service-Signature over the raw bytes and Standard Webhooks; one changed byte fails both', async () => {
    const merchant = await app.createAccount();
    const hook = await receiver();
    const { secret } = await endpoint(merchant.testKey, `${hook.url}/hooks`);
    const event = await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    const request = await waitFor('the delivery', () => hook.requests[0]);

    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^Kupa-Webhooks\//);
    expect(request.headers['webhook-id']).toBe(event.id);
    const raw = request.raw;
    const expected = createHmac('sha256', secret!).update(raw).digest('hex');
    expect(request.headers['service-signature']).toBe(expected);
    const standard = new Webhook(secret!);
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    expect(standard.verify(raw.toString('utf8'), headers)).toMatchObject({ id: event.id, type: 'charge.succeeded', object: 'event' });

    const tampered = Buffer.from(raw);
    tampered[tampered.length - 2] ^= 1;
    expect(createHmac('sha256', secret!).update(tampered).digest('hex')).not.toBe(request.headers['service-signature']);
    expect(() => standard.verify(tampered.toString('utf8'), headers)).toThrow();

    const body = JSON.parse(raw.toString('utf8'));
    expect(body).toEqual({
      id: event.id,
      object: 'event',
      type: 'charge.succeeded',
      data: event.data,
      created: event.createdAt.toISOString(),
      livemode: false,
    });
  });

  it('retry after 500s: 500, 500, 500, 200 is exactly four attempts, ending delivered', async () => {
    const merchant = await app.createAccount();
    const hook = (await receiver()).answer(500, 500, 500, 200);
    const { id } = await endpoint(merchant.testKey, hook.url);
    const event = await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('four attempts', () => hook.requests.length === 4);
    await sleep(300);
    expect(hook.requests).toHaveLength(4);
    expect(new Set(hook.requests.map((r) => r.raw.toString()))).toHaveLength(1); // the same body every time
    expect(new Set(hook.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([event.id]));
    const log = await waitFor('the log', async () => {
      const rows = await deliveries(merchant.testKey, id);
      return rows.length === 4 && rows;
    });
    expect(log.map((d) => [d.attempt, d.outcome, d.response_status])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'failed', 500],
      [4, 'succeeded', 200],
    ]);
    expect(log.slice(0, 3).every((d) => d.next_retry_at !== null)).toBe(true);
    expect(log[3].next_retry_at).toBeNull();
    expect(log.every((d) => d.event === event.id && d.event_type === 'charge.succeeded' && d.webhook_endpoint === id)).toBe(true);
  });

  it('abandon after four failed attempts, never a fifth', async () => {
    const merchant = await app.createAccount();
    const hook = (await receiver()).always(500);
    const { id } = await endpoint(merchant.testKey, hook.url);
    await recordEvent(app, scopeOf(merchant), 'charge.failed', chargeData({ status: 'failed', captured: false, amount_captured: null }));
    await waitFor('four attempts', () => hook.requests.length === 4);
    await sleep(600);
    expect(hook.requests).toHaveLength(4);
    const log = await deliveries(merchant.testKey, id);
    expect(log.map((d) => d.outcome)).toEqual(['failed', 'failed', 'failed', 'abandoned']);
    expect(log[3].next_retry_at).toBeNull();
  });

  it('count a redirect as a failure and never follow it', async () => {
    const merchant = await app.createAccount();
    const trap = await receiver();
    const hook = (await receiver()).answer((_req, res) => res.writeHead(302, { Location: `${trap.url}/trap` }).end(), 200);
    const { id } = await endpoint(merchant.testKey, hook.url);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('the retry', () => hook.requests.length === 2);
    const log = await waitFor('the log', async () => {
      const rows = await deliveries(merchant.testKey, id);
      return rows.length === 2 && rows;
    });
    expect(log.map((d) => [d.outcome, d.response_status, d.error])).toEqual([
      ['failed', 302, 'redirect_not_followed'],
      ['succeeded', 200, null],
    ]);
    expect(trap.requests).toHaveLength(0);
  });

  it('stop at 410 Gone and deactivate the endpoint, which then gets no new events', async () => {
    const merchant = await app.createAccount();
    const hook = (await receiver()).always(410);
    const { id } = await endpoint(merchant.testKey, hook.url);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('the attempt', () => hook.requests.length === 1);
    const endpointNow = await waitFor('deactivation', async () => {
      const res = await app.client(merchant.testKey).GET('/v1/webhooks/{id}', { params: { path: { id } } });
      return res.data!.data.active === false && res.data!.data;
    });
    expect(endpointNow.active).toBe(false);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await sleep(400);
    expect(hook.requests).toHaveLength(1);
    expect((await deliveries(merchant.testKey, id)).map((d) => [d.outcome, d.response_status, d.next_retry_at])).toEqual([
      ['failed', 410, null],
    ]);
  });

  it('keep the start of each answer, so the merchant sees why an attempt failed', async () => {
    const merchant = await app.createAccount();
    const hook = (await receiver()).answer(
      (_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`database down: ${'x'.repeat(3_000)}`),
      (_req, res) => res.writeHead(200).end('שמרנו'),
    );
    const { id } = await endpoint(merchant.testKey, hook.url);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    const log = await waitFor('the retry', async () => {
      const rows = await deliveries(merchant.testKey, id);
      return rows.length === 2 && rows;
    });
    expect(log[0]).toMatchObject({ outcome: 'failed', response_status: 500 });
    expect(log[0].response_body).toBe(`database down: ${'x'.repeat(1_024 - 'database down: '.length)}`);
    expect(log[1]).toMatchObject({ outcome: 'succeeded', response_body: 'שמרנו' });
  });

  it('count a receiver that hangs past the timeout as a failure', async () => {
    const merchant = await app.createAccount();
    const hook = (await receiver()).answer(() => {}, 200); // the first request is never answered
    const { id } = await endpoint(merchant.testKey, hook.url);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    const log = await waitFor('the retry', async () => {
      const rows = await deliveries(merchant.testKey, id);
      return rows.length === 2 && rows;
    });
    expect(log.map((d) => [d.outcome, d.error])).toEqual([
      ['failed', 'timeout'],
      ['succeeded', null],
    ]);
    expect(log[0].duration_ms).toBeGreaterThanOrEqual(450);
  });

  it('of a batch are sent at once and each answered on its own, without a warning', async () => {
    const hook = (await receiver()).answer(...Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 500 : 200)));
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const sender = app.services.container.get<WebhookSender>(EVENTS.WebhookSender);
      const requests = Array.from({ length: 60 }, (_, i) => ({
        url: `${hook.url}?n=${i}`,
        body: `{"n":${i}}`,
        headers: { 'Content-Type': 'application/json' },
        allowLoopback: true,
      }));
      const results = await sender.sendAll(requests);
      await new Promise((resolve) => setTimeout(resolve, 20)); // a warning is emitted on a later tick
      expect(hook.requests).toHaveLength(60);
      // Each result is its own request's: the receiver answered in arrival order, so match by the query.
      const answered = new Map(hook.requests.map((request, i) => [request.path, i % 3 === 0 ? 500 : 200]));
      expect(results.map((result) => result.status)).toEqual(requests.map((request) => answered.get(`/?n=${request.body.slice(5, -1)}`)));
      expect(new Set(results.map((result) => result.status))).toEqual(new Set([200, 500]));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('are not held past the timeout by a receiver that answers and then trickles its body forever', async () => {
    const merchant = await app.createAccount();
    let closed = false;
    const hook = (await receiver()).answer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const drip = setInterval(() => res.write('.'), 50); // each byte well within the body timeout
      res.on('close', () => {
        clearInterval(drip);
        closed = true;
      });
    });
    const { id } = await endpoint(merchant.testKey, hook.url);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    const log = await waitFor('the attempt recorded', async () => {
      const rows = await deliveries(merchant.testKey, id);
      return rows.length === 1 && rows;
    });
    expect(log.map((d) => [d.outcome, d.response_status])).toEqual([['succeeded', 200]]);
    expect(log[0].duration_ms).toBeGreaterThanOrEqual(450);
    await waitFor('the connection given up', async () => closed);
  });

  it('honour Retry-After', async () => {
    const merchant = await app.createAccount();
    const hook = (await receiver()).answer((_req, res) => res.writeHead(503, { 'Retry-After': '1' }).end(), 200);
    await endpoint(merchant.testKey, hook.url);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('the retry', () => hook.requests.length === 2);
    expect(hook.requests[1].at - hook.requests[0].at).toBeGreaterThanOrEqual(950);
  });

  it('reach only subscribed endpoints: * gets all, a charge.succeeded endpoint never gets charge.authorized', async () => {
    const merchant = await app.createAccount();
    const everything = await receiver();
    const succeededOnly = await receiver();
    await endpoint(merchant.testKey, everything.url, ['*']);
    await endpoint(merchant.testKey, succeededOnly.url, ['charge.succeeded']);
    const authorized = await recordEvent(
      app,
      scopeOf(merchant),
      'charge.authorized',
      chargeData({ status: 'requires_capture', captured: false, amount_captured: null, capture_method: 'manual' }),
    );
    const succeeded = await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('both events at *', () => everything.requests.length === 2);
    await waitFor('one event at charge.succeeded', () => succeededOnly.requests.length === 1);
    await sleep(300);
    expect(
      everything
        .events()
        .map((e) => e.id)
        .sort(),
    ).toEqual([authorized.id, succeeded.id].sort());
    expect(succeededOnly.events().map((e) => e.type)).toEqual(['charge.succeeded']);
  });

  it('never cross accounts or modes', async () => {
    const merchant = await app.createAccount();
    const stranger = await app.createAccount();
    const mine = await receiver();
    const theirs = await receiver();
    await endpoint(merchant.testKey, mine.url);
    await endpoint(stranger.testKey, theirs.url);
    dns.set('hooks.live-merchant.example', ['93.184.216.34']);
    const live = await endpoint(merchant.liveKey, 'https://hooks.live-merchant.example/live');
    dns.set('hooks.live-merchant.example', ['192.0.2.1']); // should anything try, it is refused before connecting

    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('my delivery', () => mine.requests.length === 1);
    await sleep(400);
    expect(theirs.requests).toHaveLength(0);
    expect(await deliveries(merchant.liveKey, live.id)).toEqual([]);
    const liveJobs = await app.services.orm.em
      .fork()
      .getConnection()
      .execute("select count(*)::int as n from pgboss.job where name = 'webhook-delivery' and (data->>'endpointId')::int = ?", [live.id]);
    expect(liveJobs[0].n).toBe(0);
  });

  it('are never sent for an event whose transaction rolled back', async () => {
    const merchant = await app.createAccount();
    const hook = await receiver();
    await endpoint(merchant.testKey, hook.url);
    const { container, inContext } = app.services;
    await expect(
      inContext(() =>
        container.get<UnitOfWork>(PERSISTENCE.UnitOfWork).run(async () => {
          await container.get(RecordEvent).execute(scopeOf(merchant), 'charge.succeeded', chargeData());
          throw new Error('the charge failed to save');
        }),
      ),
    ).rejects.toThrow('the charge failed to save');
    await sleep(500);
    expect(hook.requests).toHaveLength(0);
    expect((await app.client(merchant.testKey).GET('/v1/events')).data!.data).toEqual([]);
  });

  it('of one transaction are written at its commit, in the order recorded, less those of a savepoint that rolled back', async () => {
    const merchant = await app.createAccount();
    const other = await app.createAccount();
    const succeededOnly = await receiver();
    const everything = await receiver();
    await endpoint(merchant.testKey, succeededOnly.url, ['charge.succeeded']);
    await endpoint(other.testKey, everything.url, ['*']);
    const { container, inContext } = app.services;
    const uow = container.get<UnitOfWork>(PERSISTENCE.UnitOfWork);
    const record = container.get(RecordEvent);
    const failedData = chargeData({ status: 'failed', captured: false, amount_captured: null });
    const [failed, succeeded, dropped, authorized] = await inContext(() =>
      uow.run(async () => {
        const one = await record.execute(scopeOf(merchant), 'charge.failed', failedData);
        const two = await record.execute(scopeOf(merchant), 'charge.succeeded', chargeData());
        let rolledBack = '';
        await uow
          .savepoint(async () => {
            rolledBack = (await record.execute(scopeOf(merchant), 'charge.succeeded', chargeData())).id;
            throw new Error('the savepoint failed');
          })
          .catch(() => undefined);
        const three = await record.execute(
          scopeOf(other),
          'charge.authorized',
          chargeData({ status: 'requires_capture', captured: false, amount_captured: null, capture_method: 'manual' }),
        );
        return [one.id, two.id, rolledBack, three.id];
      }),
    );
    const written = (
      await app.services.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ id: string }>>('select id from events where account_id in (?, ?) order by feed_xid, feed_seq', [
          merchant.id,
          other.id,
        ])
    ).map((row) => row.id);
    expect(written).toEqual([failed, succeeded, authorized]);
    expect(written).not.toContain(dropped);
    await waitFor('the subscribed deliveries', () => succeededOnly.requests.length === 1 && everything.requests.length === 1);
    await sleep(300);
    expect(succeededOnly.events().map((e) => e.id)).toEqual([succeeded]);
    expect(everything.events().map((e) => e.id)).toEqual([authorized]);
  });

  it('stop for a deleted endpoint, pending retries included', async () => {
    const merchant = await app.createAccount();
    const hook = (await receiver()).always(500);
    const { id } = await endpoint(merchant.testKey, hook.url);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('the first attempt', () => hook.requests.length >= 1);
    await app.client(merchant.testKey).DELETE('/v1/webhooks/{id}', { params: { path: { id } } });
    const seen = hook.requests.length;
    await sleep(400);
    expect(hook.requests.length).toBeLessThanOrEqual(seen + 1); // at most one attempt already in flight
  });

  it('can be sent again by redelivery, to every endpoint or one, with the same id and body', async () => {
    const merchant = await app.createAccount();
    const a = await receiver();
    const b = await receiver();
    await endpoint(merchant.testKey, a.url);
    const second = await endpoint(merchant.testKey, b.url);
    const event = await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    await waitFor('first deliveries', () => a.requests.length === 1 && b.requests.length === 1);

    const all = await app.client(merchant.testKey).POST('/v1/events/{id}/redeliver', { params: { path: { id: event.id } } });
    expect(all.data!.data.id).toBe(event.id);
    await waitFor('redeliveries', () => a.requests.length === 2 && b.requests.length === 2);
    await app
      .client(merchant.testKey)
      .POST('/v1/events/{id}/redeliver', { params: { path: { id: event.id } }, body: { endpoint: second.id } });
    await waitFor('the targeted redelivery', () => b.requests.length === 3);
    await sleep(200);
    expect(a.requests).toHaveLength(2);
    expect(new Set(b.requests.map((r) => r.raw.toString()))).toHaveLength(1);
    expect(new Set(b.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([event.id]));

    const unknown = await app
      .client(merchant.testKey)
      .POST('/v1/events/{id}/redeliver', { params: { path: { id: event.id } }, body: { endpoint: 999_999 } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error!.error).toMatchObject({ code: 'resource_missing', param: 'endpoint' });
  });
});

describe('SSRF guard', () => {
  it('refuses loopback, private and link-local destinations at registration', async () => {
    const strict = await startTestApp(undefined, { env: { ...FAST, WEBHOOKS_ALLOW_LOOPBACK: 'false' }, dns });
    try {
      const merchant = await strict.createAccount();
      dns.set('metadata.attacker.example', ['169.254.169.254']);
      dns.set('sixtofour.attacker.example', ['2002:a9fe:a9fe::1']);
      for (const key of [merchant.testKey, merchant.liveKey]) {
        for (const url of [
          'https://127.0.0.1/hook',
          'https://[::1]/hook',
          'https://10.0.0.1/hook',
          'https://metadata.attacker.example/hook',
          'https://[::ffff:10.0.0.1]/hook',
          // IPv4 inside IPv6: compatible, NAT64, 6to4, Teredo (server 10.0.0.1).
          'https://[::127.0.0.1]/hook',
          'https://[64:ff9b::a9fe:a9fe]/hook',
          'https://[2002:7f00:1::1]/hook',
          'https://[2001:0:a00:1::]/hook',
          'https://sixtofour.attacker.example/hook',
        ]) {
          const res = await strict.client(key).POST('/v1/webhooks', { body: { url, events: ['*'] } });
          expect(res.response.status, url).toBe(400);
          expect(res.error!.error).toMatchObject({ code: 'url_forbidden_destination', param: 'url' });
        }
      }
    } finally {
      await strict.close();
    }
  });

  it('allows loopback only to test-mode endpoints, and only with the server option', async () => {
    const merchant = await app.createAccount();
    const res = await app.client(merchant.liveKey).POST('/v1/webhooks', { body: { url: 'https://127.0.0.1/hook', events: ['*'] } });
    expect(res.error!.error.code).toBe('url_forbidden_destination');
    const http = await app.client(merchant.liveKey).POST('/v1/webhooks', { body: { url: 'http://127.0.0.1/hook', events: ['*'] } });
    expect(http.error!.error.code).toBe('url_not_https');
  });

  it('refuses again at connection time, when the name now resolves to a forbidden address', async () => {
    const merchant = await app.createAccount();
    dns.set('rebind.attacker.example', ['93.184.216.34']);
    const { id } = await endpoint(merchant.testKey, 'https://rebind.attacker.example/hook');
    dns.set('rebind.attacker.example', ['169.254.169.254']);
    await recordEvent(app, scopeOf(merchant), 'charge.succeeded');
    const log = await waitFor('the refused attempt', async () => {
      const rows = await deliveries(merchant.testKey, id);
      return rows.length >= 1 && rows;
    });
    expect(log[0]).toMatchObject({ outcome: 'failed', response_status: null, error: 'forbidden_destination' });
  });

  it('refuses IP-literal destinations at connection time without opening a connection', async () => {
    const sender = app.services.container.get<WebhookSender>(EVENTS.WebhookSender);
    let connections = 0;
    const listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    try {
      for (const url of [
        `https://127.0.0.1:${port}/hook`,
        `http://127.0.0.1:${port}/hook`,
        'https://[::1]/hook',
        'https://10.0.0.1/hook',
        'https://[::ffff:169.254.169.254]/hook',
        `https://[::7f00:1]:${port}/hook`,
        'https://[64:ff9b::7f00:1]/hook',
        'https://[2002:c0a8:101::1]/hook',
        'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
      ]) {
        const [result] = await sender.sendAll([{ url, body: '{}', headers: {}, allowLoopback: false }]);
        expect(result, url).toMatchObject({ status: null, error: 'forbidden_destination' });
      }
      expect(connections).toBe(0);
    } finally {
      listener.close();
    }
  });
});

describe('the contract check of raw requests', () => {
  it('rejects a non-integer endpoint id', async () => {
    const merchant = await app.createAccount();
    const res = await rawRequest(`${app.baseUrl}/v1/webhooks/abc`, { headers: { Authorization: `Bearer ${merchant.testKey}` } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'id' });
  });
});
