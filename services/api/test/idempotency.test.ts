import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { PgIdempotencyStore, purgeIdempotencyKeys } from '../src/platform/persistence/idempotency-store';
import { shopper, URLS } from './support/checkout';
import { freshDatabase } from './support/database';
import { startTestApp, type TestApp } from './support/harness';

const ENV = { PAYMENT_ATTEMPT_STALE_MS: '200' };
let app: TestApp;
let crashing: TestApp;
let api: KupaClient;
let secretKey: string;
let accountId: string;
let otherApi: KupaClient;
let customer: string;
let monthly: string;
let paymentMethod: string;

beforeAll(async () => {
  const databaseUrl = await freshDatabase();
  app = await startTestApp(databaseUrl, { env: ENV });
  crashing = await startTestApp(databaseUrl, { env: { ...ENV, TEST_FAULTS: 'after_processor_call' } });
  const merchant = await app.createAccount('Careful shop');
  secretKey = merchant.testKey;
  accountId = merchant.id;
  api = app.client(secretKey);
  otherApi = app.client((await app.createAccount('Other shop')).testKey);
  customer = (await api.POST('/v1/customers', { body: { name: 'Yael' } })).data!.data.id;
  const product = (await api.POST('/v1/products', { body: { name: 'Box' } })).data!.data.id;
  monthly = (
    await api.POST('/v1/prices', {
      body: { product, unit_amount: 5_000, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
    })
  ).data!.data.id;
  paymentMethod = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
});
afterAll(async () => {
  await crashing?.close();
  await app.close();
});

const keyed = (key: string) => ({ header: { 'Idempotency-Key': key } });
const sql = (query: string, params: unknown[] = []) => app.services.orm.em.fork().getConnection().execute(query, params);
const customersNamed = async (client: KupaClient, name: string) =>
  (await client.GET('/v1/customers', { params: { query: { limit: 100 } } })).data!.data.filter((c) => c.name === name);

async function paidCharge() {
  const s = (
    await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Lamp', amount_agorot: 10_000 }] } })
  ).data!.data;
  await shopper(app).payWithCard(s.id);
  return (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data.charge!;
}

describe('Idempotency-Key', () => {
  it('a repeat with the same key and body gets the first answer, marked as a replay, and does nothing twice', async () => {
    const first = await api.POST('/v1/customers', { params: keyed('cus-key-1'), body: { name: 'Once' } });
    const again = await api.POST('/v1/customers', { params: keyed('cus-key-1'), body: { name: 'Once' } });
    expect(first.response.headers.get('Idempotent-Replayed')).toBeNull();
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await customersNamed(api, 'Once')).toHaveLength(1);
    // The /api/v1 alias is the same operation.
    const alias = await fetch(`${app.baseUrl}/api/v1/customers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'cus-key-1' },
      body: JSON.stringify({ name: 'Once' }),
    });
    expect(((await alias.json()) as { data: { id: string } }).data.id).toBe(first.data!.data.id);
    // Byte for byte: the same keys in the same order.
    const raw = () =>
      fetch(`${app.baseUrl}/v1/customers`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'cus-key-raw' },
        body: JSON.stringify({ name: 'Raw', email: 'raw@example.com' }),
      });
    const [once, replayed] = [await raw(), await raw()];
    expect([once.status, replayed.headers.get('Idempotent-Replayed')]).toEqual([200, 'true']);
    expect(await replayed.text()).toBe(await once.text());
  });

  it('the same key with another body answers 409 idempotency_key_reused and creates nothing', async () => {
    await api.POST('/v1/customers', { params: keyed('cus-key-2'), body: { name: 'First body' } });
    const other = await api.POST('/v1/customers', { params: keyed('cus-key-2'), body: { name: 'Second body' } });
    expect(other.response.status).toBe(409);
    expect(other.error!.error).toMatchObject({ type: 'invalid_request_error', code: 'idempotency_key_reused' });
    expect(await customersNamed(api, 'Second body')).toHaveLength(0);
  });

  it('keys belong to one account and mode', async () => {
    const mine = await api.POST('/v1/customers', { params: keyed('shared-key'), body: { name: 'Mine' } });
    const theirs = await otherApi.POST('/v1/customers', { params: keyed('shared-key'), body: { name: 'Mine' } });
    expect(theirs.response.headers.get('Idempotent-Replayed')).toBeNull();
    expect(theirs.data!.data.id).not.toBe(mine.data!.data.id);
  });

  it('ten concurrent requests with one key run once: the others wait for its commit and get its answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.POST('/v1/customers', { params: keyed('cus-key-race'), body: { name: 'Raced' } })),
    );
    const created = await customersNamed(api, 'Raced');
    expect(created).toHaveLength(1);
    expect(answers.map((answer) => [answer.response.status, answer.data!.data.id])).toEqual(Array(10).fill([200, created[0].id]));
    expect(answers.filter((a) => !a.response.headers.get('Idempotent-Replayed'))).toHaveLength(1);
  });

  it('forty concurrent requests with their own keys, some twice, with two accounts: each runs once and each repeat gets its own answer', async () => {
    const send = (client: KupaClient, i: number) =>
      client.POST('/v1/customers', { params: keyed(`cus-key-many-${i}`), body: { name: `Many ${i}` } });
    const clients = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? api : otherApi));
    const first = await Promise.all(clients.map((client, i) => send(client, i)));
    const again = await Promise.all(clients.map((client, i) => send(client, i)));
    for (let i = 0; i < 40; i++) {
      expect(first[i].response.status).toBe(200);
      expect(first[i].data!.data.name).toBe(`Many ${i}`);
      expect(again[i].response.headers.get('Idempotent-Replayed')).toBe('true');
      expect(again[i].data).toEqual(first[i].data);
    }
    const created = [...(await customersNamed(api, 'Many 0')), ...(await customersNamed(otherApi, 'Many 1'))];
    expect(created.map((c) => c.id).sort()).toEqual([first[0].data!.data.id, first[1].data!.data.id].sort());
    const { n } = (await sql("select count(*)::int as n from customers where name like 'Many %'"))[0];
    expect(n).toBe(40);
  });

  it('claims and kept answers that wait together go in one statement, each with its own outcome; one key never twice in it', async () => {
    const store = new PgIdempotencyStore(app.services.orm.em, 60_000);
    const scope = { accountId, livemode: false };
    expect(await store.claim(scope, 'grp-a', 'fa')).toBe(true);
    await sql(
      `insert into idempotency_keys (account_id, livemode, key, fingerprint, response_status, response_body, locked_at, created_at)
               values (?, false, 'grp-held', 'fh', null, null, now(), now())`,
      [accountId],
    );
    // Sent together, they go in one statement, except the second write of grp-a, which waits for the next.
    const [b, , c, held, a] = await Promise.all([
      store.claim(scope, 'grp-b', 'fb'),
      store.keep(scope, 'grp-a', 'fa', { status: 200, body: { id: 'cus_a', name: 'אלף' } }),
      store.claim(scope, 'grp-c', 'fc'),
      store.claim(scope, 'grp-held', 'fh'),
      store.claim(scope, 'grp-a', 'fa'),
    ]);
    expect([b, c]).toEqual([true, true]);
    expect(held).toEqual({ fingerprint: 'fh', answer: null });
    expect(a).toEqual({ fingerprint: 'fa', answer: { status: 200, body: { id: 'cus_a', name: 'אלף' } } });
    const rows = await sql("select key, response_status, xmin::text as tx from idempotency_keys where key like 'grp-%' order by key");
    expect(rows.map(({ key, response_status }) => ({ key, response_status }))).toEqual([
      { key: 'grp-a', response_status: 200 },
      { key: 'grp-b', response_status: null },
      { key: 'grp-c', response_status: null },
      { key: 'grp-held', response_status: null },
    ]);
    // Written by one transaction: grp-a's answer and the claims of grp-b and grp-c (grp-a's later claim,
    // which found the answer, changed nothing).
    const tx = Object.fromEntries(rows.map((row) => [row.key, row.tx]));
    expect(tx['grp-b']).toBe(tx['grp-a']);
    expect(tx['grp-c']).toBe(tx['grp-a']);
  });

  it('a 4xx answer is kept and replayed; the key then cannot be used for another body', async () => {
    const bad = await api.POST('/v1/customers', { params: keyed('cus-key-bad'), body: { name: 'Bad', email: 'not-an-email' } });
    expect(bad.response.status).toBe(400);
    const again = await api.POST('/v1/customers', { params: keyed('cus-key-bad'), body: { name: 'Bad', email: 'not-an-email' } });
    expect(again.response.status).toBe(400);
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.error).toEqual(bad.error);
  });

  it('a key is kept 24 hours: after that the same request runs again', async () => {
    await api.POST('/v1/customers', { params: keyed('cus-key-old'), body: { name: 'Yesterday' } });
    await sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'cus-key-old'`);
    const later = await api.POST('/v1/customers', { params: keyed('cus-key-old'), body: { name: 'Yesterday' } });
    expect(later.response.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await customersNamed(api, 'Yesterday')).toHaveLength(2);
    // The hourly purge removes keys past their 24 hours, and only those.
    await sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'cus-key-old'`);
    expect(await purgeIdempotencyKeys(app.services.orm.em)).toBe(1);
    expect((await sql(`select key from idempotency_keys where key in ('cus-key-old', 'cus-key-1')`)).map((r) => r.key)).toEqual([
      'cus-key-1',
    ]);
  });

  it('a malformed key answers 400 on Idempotency-Key', async () => {
    const res = await fetch(`${app.baseUrl}/v1/customers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'x'.repeat(256) },
      body: '{"name":"Long"}',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: 'parameter_invalid', param: 'Idempotency-Key' });
  });

  it('a retried POST /v1/subscriptions charges the first period once', async () => {
    const first = await api.POST('/v1/subscriptions', {
      params: keyed('sub-key-1'),
      body: { customer, payment_method: paymentMethod, price: monthly },
    });
    const again = await api.POST('/v1/subscriptions', {
      params: keyed('sub-key-1'),
      body: { customer, payment_method: paymentMethod, price: monthly },
    });
    expect(again.data!.data.id).toBe(first.data!.data.id);
    const charges = (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.filter(
      (c) => c.subscription === first.data!.data.id,
    );
    expect(charges).toHaveLength(1);
  });

  it('a retried refund refunds once', async () => {
    const charge = await paidCharge();
    const first = await api.POST('/v1/charges/{id}/refunds', {
      params: { ...keyed('re-key-1'), path: { id: charge } },
      body: { amount: 2_500 },
    });
    const again = await api.POST('/v1/charges/{id}/refunds', {
      params: { ...keyed('re-key-1'), path: { id: charge } },
      body: { amount: 2_500 },
    });
    expect(again.data!.data.id).toBe(first.data!.data.id);
    expect((await api.GET('/v1/charges/{id}', { params: { path: { id: charge } } })).data!.data.amount_refunded).toBe(2_500);
  });
});

describe('Idempotency-Key after a crash: 5xx answers are not kept, and the retry finishes what the first try started', () => {
  async function crashedPost(path: string, key: string, body: unknown): Promise<void> {
    const res = await fetch(`${crashing.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(500);
  }

  it('a refund: the retry records the refund the processor made, and refunds nothing more', async () => {
    const charge = await paidCharge();
    await crashedPost(`/v1/charges/${charge}/refunds`, 're-crash-1', { amount: 2_500 });
    const retried = await api.POST('/v1/charges/{id}/refunds', {
      params: { ...keyed('re-crash-1'), path: { id: charge } },
      body: { amount: 2_500 },
    });
    expect(retried.response.status).toBe(200);
    expect(retried.response.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await api.GET('/v1/refunds', { params: { query: { charge } } })).data!.data.map((r) => r.id)).toEqual([retried.data!.data.id]);
    expect((await api.GET('/v1/charges/{id}', { params: { path: { id: charge } } })).data!.data.amount_refunded).toBe(2_500);
    const [{ n }] = await sql(
      `select count(*)::int as n from sim_ledger where operation = 'refund' and request->>'processorRef' = (select processor_ref from charges where id = ?)`,
      [charge],
    );
    expect(n).toBe(1);
  });

  it('a subscription: the retry records the first charge the processor made, and charges nothing more', async () => {
    await crashedPost('/v1/subscriptions', 'sub-crash-1', { customer, payment_method: paymentMethod, price: monthly });
    const retried = await api.POST('/v1/subscriptions', {
      params: keyed('sub-crash-1'),
      body: { customer, payment_method: paymentMethod, price: monthly },
    });
    expect(retried.response.status).toBe(200);
    const id = retried.data!.data.id;
    const charges = (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.filter(
      (c) => c.subscription === id,
    );
    expect(charges).toHaveLength(1);
    const [{ n }] = await sql(`select count(*)::int as n from sim_ledger where operation = 'authorize' and request->>'reference' = ?`, [
      `${id}:0`,
    ]);
    expect(n).toBe(1);
  });
});
