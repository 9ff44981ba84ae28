import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { ExpireDueSessions } from '../src/modules/checkout/application/expire-due-sessions';
import { ExpireHolds } from '../src/modules/payments/application/expire-holds';
import { RenewDueSubscriptions } from '../src/modules/subscriptions/application/renew-due-subscriptions';
import { reconcile } from '../src/main/reconciler';
import { CARDS, shopper, URLS } from './support/checkout';
import { crashedCall } from './support/crash';
import { freshDatabase } from './support/database';
import { startTestApp, type TestApp } from './support/harness';

// Every money flow, killed on either side of its processor call by a second API process on the same
// database, then the reconciler: exactly one charge, capture, cancellation or refund, with its events
// and documents, and nothing left in flight.
const POINTS = ['before_processor_call', 'after_processor_call'] as const;
type Point = (typeof POINTS)[number];

const ENV = { PAYMENT_ATTEMPT_STALE_MS: '0' };
let app: TestApp;
const crashing = {} as Record<Point, TestApp>;
let api: KupaClient;
let secretKey: string;
let customer: string;
let monthly: string;
let premium: string;
let paymentMethod: string;
let pay: ReturnType<typeof shopper>;

beforeAll(async () => {
  const databaseUrl = await freshDatabase();
  app = await startTestApp(databaseUrl, { env: ENV });
  for (const point of POINTS) crashing[point] = await startTestApp(databaseUrl, { env: { ...ENV, TEST_FAULTS: point } });
  const merchant = await app.createAccount('Reconciled shop');
  secretKey = merchant.testKey;
  api = app.client(secretKey);
  pay = shopper(app);
  customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi', email: 'dana@example.co.il' } })).data!.data.id;
  const product = (await api.POST('/v1/products', { body: { name: 'Club' } })).data!.data.id;
  monthly = (
    await api.POST('/v1/prices', {
      body: { product, unit_amount: 4_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
    })
  ).data!.data.id;
  premium = (
    await api.POST('/v1/prices', {
      body: { product, unit_amount: 9_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
    })
  ).data!.data.id;
  paymentMethod = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
});
afterAll(async () => {
  for (const point of POINTS) await crashing[point]?.close();
  await app.close();
});

const reconciled = () => app.services.inContext(() => reconcile(app.services.container));
const sql = (query: string, params: unknown[] = []) => app.services.orm.em.fork().getConnection().execute(query, params);

const crashed = (point: Point, path: string, body: unknown, key?: string, idempotencyKey?: string) =>
  crashedCall(crashing[point], path, body, key, idempotencyKey);

async function eventsAbout(id: string): Promise<string[]> {
  const events = (await api.GET('/v1/events', { params: { query: { limit: 100 } } })).data!.data;
  return events
    .filter((event) => (event.data as { id: string }).id === id)
    .map((event) => event.type)
    .sort();
}

/** Authorizations the processor made for our reference (a session, or `subscription:period`). */
async function processorCalls(operation: string, reference: string): Promise<number> {
  const rows = await sql(`select count(*)::int as n from sim_ledger where operation = ? and request->>'reference' = ?`, [
    operation,
    reference,
  ]);
  return rows[0].n;
}

/** Captures, voids or refunds the processor made on a charge. */
async function processorCallsOn(operation: string, chargeId: string): Promise<number> {
  const rows = await sql(
    `select count(*)::int as n from sim_ledger where operation = ? and request->>'processorRef' = (select processor_ref from charges where id = ?)`,
    [operation, chargeId],
  );
  return rows[0].n;
}

async function nothingInFlight(): Promise<void> {
  const [left] = await sql(`select
      (select count(*) from money_intents where kind = 'checkout_payment' and status = 'pending')::int as attempts,
      (select count(*) from money_intents where kind in ('capture', 'cancel', 'refund') and status = 'pending')::int as operations,
      (select count(*) from money_intents where kind = 'subscription_start' and status = 'pending')::int as starts,
      (select count(*) from money_intents where kind = 'subscription_change' and status = 'pending')::int as changes,
      (select count(*) from test_clocks where status = 'advancing')::int as clocks`);
  expect(left).toEqual({ attempts: 0, operations: 0, starts: 0, changes: 0, clocks: 0 });
}

const charge = async (id: string) => (await api.GET('/v1/charges/{id}', { params: { path: { id } } })).data!.data;
const sessionOf = async (id: string) => (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id } } })).data!.data;

async function oneTimeSession(extra: Record<string, unknown> = {}) {
  return (
    await api.POST('/v1/checkout_sessions', {
      body: { customer, ...URLS, line_items: [{ name: 'Lamp', amount_agorot: 10_000 }], ...extra } as never,
    })
  ).data!.data;
}

async function paidCharge(extra: Record<string, unknown> = {}) {
  const s = await oneTimeSession(extra);
  expect((await pay.payWithCard(s.id)).data!.data.status).toBe('succeeded');
  return charge((await sessionOf(s.id)).charge!);
}

describe.each(POINTS)('a crash %s, then the reconciler', (point) => {
  it('checkout confirm: the session completes with one charge, its events and document', async () => {
    const s = await oneTimeSession();
    const token = await pay.token(s.id, CARDS.ok);
    await crashed(point, `/v1/checkout_sessions/${s.id}/confirm`, { payment_method: { type: 'card', token } });
    expect((await sessionOf(s.id)).status).toBe('pending');

    expect((await reconciled()).checkouts).toBe(1);
    const paid = await sessionOf(s.id);
    expect(paid.status).toBe('completed');
    const ch = await charge(paid.charge!);
    expect(ch).toMatchObject({ status: 'succeeded', amount: 10_000 });
    expect(ch.document).toMatch(/^doc_/);
    expect(await eventsAbout(ch.id)).toEqual(['charge.succeeded']);
    expect(await eventsAbout(s.id)).toEqual(['checkout_session.completed']);
    expect(await processorCalls('authorize', s.id)).toBe(1);
    expect((await reconciled()).checkouts).toBe(0);
    await nothingInFlight();
  });

  it('3-D Secure answer: the challenged payment completes once', async () => {
    const s = await oneTimeSession();
    const first = await pay.payWithCard(s.id, CARDS.threeDSecure);
    const challenge = first.data!.data.next_action!.challenge_id;
    await crashed(point, `/v1/checkout_sessions/${s.id}/three_d_secure`, { challenge_id: challenge, result: 'authenticated' });

    expect((await reconciled()).checkouts).toBe(1);
    const paid = await sessionOf(s.id);
    expect(paid.status).toBe('completed');
    expect(await eventsAbout(paid.charge!)).toEqual(['charge.succeeded']);
    const [{ n }] = await sql(`select count(*)::int as n from charges where checkout_session_id = ?`, [s.id]);
    expect(n).toBe(1);
    await nothingInFlight();
  });

  it('recurring checkout: the subscription its payment starts exists once', async () => {
    const s = (await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, price: monthly } as never })).data!.data;
    const token = await pay.token(s.id, CARDS.ok);
    await crashed(point, `/v1/checkout_sessions/${s.id}/confirm`, { payment_method: { type: 'card', token } });

    expect((await reconciled()).checkouts).toBe(1);
    const paid = await sessionOf(s.id);
    expect(paid).toMatchObject({ status: 'completed' });
    const subscription = (await api.GET('/v1/subscriptions/{id}', { params: { path: { id: paid.subscription! } } })).data!.data;
    expect(subscription).toMatchObject({ status: 'active', customer, price: monthly });
    expect(await eventsAbout(subscription.id)).toEqual(['subscription.created']);
    expect((await charge(paid.charge!)).subscription).toBe(subscription.id);
    await nothingInFlight();
  });

  it('POST /v1/subscriptions: the first period is charged once and the subscription exists', async () => {
    const before = (await api.GET('/v1/subscriptions', { params: { query: { customer, limit: 100 } } })).data!.data.length;
    await crashed(point, '/v1/subscriptions', { customer, payment_method: paymentMethod, price: monthly }, secretKey);
    expect((await api.GET('/v1/subscriptions', { params: { query: { customer, limit: 100 } } })).data!.data).toHaveLength(before);

    expect((await reconciled()).subscriptions).toBe(1);
    const subscriptions = (await api.GET('/v1/subscriptions', { params: { query: { customer, limit: 100 } } })).data!.data;
    expect(subscriptions).toHaveLength(before + 1);
    const created = subscriptions[0];
    expect(created).toMatchObject({ status: 'active', price: monthly });
    expect(await eventsAbout(created.id)).toEqual(['subscription.created']);
    const charges = (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.filter(
      (c) => c.subscription === created.id,
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'succeeded', amount: 4_900 });
    expect(charges[0].document).toMatch(/^doc_/);
    expect(await processorCalls('authorize', `${created.id}:0`)).toBe(1);
    await nothingInFlight();
  });

  it('POST /v1/subscriptions/{id}: an upgrade settled now is charged once and the subscription changes once', async () => {
    const subscription = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: paymentMethod, price: monthly } })).data!
      .data;
    const upgrade = { price: premium, proration_behavior: 'always_invoice' };
    await crashed(point, `/v1/subscriptions/${subscription.id}`, upgrade, secretKey, `upgrade-${point}`);
    const held = (await api.POST('/v1/subscriptions/{id}', { params: { path: { id: subscription.id } }, body: { quantity: 2 } })).error!;
    expect(held.error.code).toBe('subscription_change_in_progress');

    expect((await reconciled()).subscriptions).toBe(1);
    expect((await api.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription.id } } })).data!.data.price).toBe(premium);
    const charges = (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.filter(
      (c) => c.subscription === subscription.id,
    );
    // The first period, and the upgrade: ₪99 − ₪49 for (almost) the whole period.
    expect(charges.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    expect(charges[0].amount).toBeGreaterThan(4_990);
    expect(charges[0].document).toMatch(/^doc_/);
    const [change] = await sql(`select id from money_intents where kind = 'subscription_change' and subject_id = ?`, [subscription.id]);
    expect(await processorCalls('authorize', `${subscription.id}:${change.id}`)).toBe(1);
    expect(await eventsAbout(subscription.id)).toEqual(['subscription.created', 'subscription.updated']);
    // The request retried with its key answers the change made, charging nothing more.
    const retried = await api.POST('/v1/subscriptions/{id}', {
      params: { path: { id: subscription.id }, header: { 'Idempotency-Key': `upgrade-${point}` } },
      body: upgrade as never,
    });
    expect(retried.data!.data.price).toBe(premium);
    expect(await processorCalls('authorize', `${subscription.id}:${change.id}`)).toBe(1);
    await nothingInFlight();
  });

  it('renewal: the period is charged once and the subscription moves on', async () => {
    const subscription = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: paymentMethod, price: monthly } })).data!
      .data;
    // Its first period ended a minute ago.
    await sql(`update subscriptions set current_period_end = now() - interval '1 minute' where id = ?`, [subscription.id]);
    await expect(
      crashing[point].services.inContext(() => crashing[point].services.container.get(RenewDueSubscriptions).execute()),
    ).rejects.toThrow(/injected fault/);

    const done = await reconciled();
    if (point === 'before_processor_call') {
      // Nothing reached the processor: nothing to finish; the renewal run does it, once.
      expect(done.subscriptions).toBe(0);
      expect(await processorCalls('authorize', `${subscription.id}:1`)).toBe(0);
      await app.services.inContext(() => app.services.container.get(RenewDueSubscriptions).execute());
    } else {
      expect(done.subscriptions).toBe(1);
    }
    const renewals = (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.filter(
      (c) => c.subscription === subscription.id,
    );
    expect(renewals.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    expect(await processorCalls('authorize', `${subscription.id}:1`)).toBe(1);
    const [row] = await sql('select period_index from subscriptions where id = ?', [subscription.id]);
    expect(row.period_index).toBe(1);
    expect(await eventsAbout(subscription.id)).toEqual(['subscription.created', 'subscription.updated']);
    expect((await reconciled()).subscriptions).toBe(0);
  });

  it("a test clock's advance: the renewal it was charging is recorded once and the clock is ready again", async () => {
    const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-01-10T00:00:00Z' } })).data!.data;
    const member = (await api.POST('/v1/customers', { body: { name: 'Clocked member', test_clock: clock.id } })).data!.data.id;
    const card = (await api.POST('/v1/payment_methods', { body: { customer: member, token: 'tok_visa' } })).data!.data.id;
    const subscription = (await api.POST('/v1/subscriptions', { body: { customer: member, payment_method: card, price: monthly } })).data!
      .data;
    await crashed(point, `/v1/test_helpers/test_clocks/${clock.id}/advance`, { frozen_time: '2026-02-11T00:00:00Z' }, secretKey);
    expect((await api.GET('/v1/test_helpers/test_clocks/{id}', { params: { path: { id: clock.id } } })).data!.data.status).toBe(
      'advancing',
    );

    expect((await reconciled()).testClocks).toBe(1);
    expect((await api.GET('/v1/test_helpers/test_clocks/{id}', { params: { path: { id: clock.id } } })).data!.data.status).toBe('ready');
    const charges = (await api.GET('/v1/charges', { params: { query: { customer: member, limit: 100 } } })).data!.data;
    expect(charges.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    expect(await processorCalls('authorize', `${subscription.id}:1`)).toBe(1);
    expect(await eventsAbout(subscription.id)).toEqual(['subscription.created', 'subscription.updated']);
  });

  it('capture: the hold is captured once, with its document and charge.captured', async () => {
    const held = await paidCharge({ capture_method: 'manual' });
    await crashed(point, `/v1/charges/${held.id}/capture`, {}, secretKey);
    expect((await charge(held.id)).status).toBe('requires_capture');

    expect((await reconciled()).operations).toBe(1);
    const captured = await charge(held.id);
    expect(captured).toMatchObject({ status: 'succeeded', amount_captured: 10_000 });
    expect(captured.document).toMatch(/^doc_/);
    expect(await eventsAbout(held.id)).toEqual(['charge.authorized', 'charge.captured']);
    expect(await processorCallsOn('capture', held.id)).toBe(1);
    await nothingInFlight();
  });

  it('cancel: the hold is released once, with charge.canceled', async () => {
    const held = await paidCharge({ capture_method: 'manual' });
    await crashed(point, `/v1/charges/${held.id}/cancel`, {}, secretKey);

    expect((await reconciled()).operations).toBe(1);
    expect(await charge(held.id)).toMatchObject({ status: 'canceled' });
    expect(await eventsAbout(held.id)).toEqual(['charge.authorized', 'charge.canceled']);
    await nothingInFlight();
  });

  it('the hold expiry sweep: each hold released once with charge.canceled, by the reconciler or by the next sweep', async () => {
    const holds = [
      await paidCharge({ capture_method: 'manual' }),
      await paidCharge({ capture_method: 'manual' }),
      await paidCharge({ capture_method: 'manual' }),
    ];
    await sql(
      `update charges set capturable_until = now() - interval '1 minute' where id in (?, ?, ?)`,
      holds.map((hold) => hold.id),
    );
    const sweep = (on: TestApp) => on.services.inContext(() => on.services.container.get(ExpireHolds).execute());
    await expect(sweep(crashing[point])).rejects.toThrow(`injected fault: ${point}`);
    for (const hold of holds) expect((await charge(hold.id)).status).toBe('requires_capture');

    // The reconciler finishes the first; the next sweep finds the other two's cancellations under way.
    await sql(`update money_intents set updated_at = now() + interval '1 hour' where subject_id in (?, ?)`, [holds[1].id, holds[2].id]);
    expect((await reconciled()).operations).toBe(1);
    expect(await sweep(app)).toBe(2);
    for (const hold of holds) {
      expect(await charge(hold.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'expired' });
      expect(await eventsAbout(hold.id)).toEqual(['charge.authorized', 'charge.canceled']);
      expect(await processorCallsOn('void', hold.id)).toBe(1);
    }
    await nothingInFlight();
  });

  it('refund: one refund row, its credit document and charge.refunded; a retry after it refunds only what is left', async () => {
    const paid = await paidCharge();
    await crashed(point, `/v1/charges/${paid.id}/refunds`, { amount: 2_500 }, secretKey);

    expect((await reconciled()).operations).toBe(1);
    const refunds = (await api.GET('/v1/refunds', { params: { query: { charge: paid.id } } })).data!.data;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 2_500, status: 'succeeded' });
    expect(refunds[0].document).toMatch(/^doc_/);
    expect((await charge(paid.id)).amount_refunded).toBe(2_500);
    expect(await eventsAbout(paid.id)).toEqual(['charge.refunded', 'charge.succeeded']);
    expect(await processorCallsOn('refund', paid.id)).toBe(1);
    await nothingInFlight();
  });
});

describe('what shoppers and merchants see while a payment is in flight', () => {
  it('a session whose payment is in flight does not expire; paid after its time, it completes', async () => {
    const s = await oneTimeSession();
    const token = await pay.token(s.id, CARDS.ok);
    await crashed('after_processor_call', `/v1/checkout_sessions/${s.id}/confirm`, { payment_method: { type: 'card', token } });
    await sql(`update checkout_sessions set expires_at = now() - interval '1 minute' where id = ?`, [s.id.replace('co_', 'cs_')]);
    await app.services.inContext(() => app.services.container.get(ExpireDueSessions).execute());
    expect((await sessionOf(s.id)).status).toBe('pending');

    // The shopper's retry joins the payment in flight, even past the session's time.
    const retried = await pay.confirm(s.id, { type: 'card', token });
    expect(retried.data!.data.status).toBe('succeeded');
    expect((await sessionOf(s.id)).status).toBe('completed');
    expect(await eventsAbout(s.id)).toEqual(['checkout_session.completed']);
    expect(await processorCalls('authorize', s.id)).toBe(1);
  });

  it('an advance cut short is finished by asking for the same time again', async () => {
    const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-01-10T00:00:00Z' } })).data!.data;
    const member = (await api.POST('/v1/customers', { body: { name: 'Retrying member', test_clock: clock.id } })).data!.data.id;
    const card = (await api.POST('/v1/payment_methods', { body: { customer: member, token: 'tok_visa' } })).data!.data.id;
    const subscription = (await api.POST('/v1/subscriptions', { body: { customer: member, payment_method: card, price: monthly } })).data!
      .data;
    await crashed(
      'after_processor_call',
      `/v1/test_helpers/test_clocks/${clock.id}/advance`,
      { frozen_time: '2026-02-11T00:00:00Z' },
      secretKey,
    );
    const retried = await api.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: clock.id } },
      body: { frozen_time: '2026-02-11T00:00:00Z' },
    });
    expect(retried.data!.data).toMatchObject({ status: 'ready', frozen_time: '2026-02-11T00:00:00.000Z' });
    expect(await processorCalls('authorize', `${subscription.id}:1`)).toBe(1);
    expect((await api.GET('/v1/charges', { params: { query: { customer: member, limit: 100 } } })).data!.data).toHaveLength(2);
  });

  it('a capture or cancel retried with its Idempotency-Key after the reconciler finished it answers the result, not 409', async () => {
    for (const [end, status] of [
      ['capture', 'succeeded'],
      ['cancel', 'canceled'],
    ] as const) {
      const held = await paidCharge({ capture_method: 'manual' });
      const key = `${end}-${held.id}`;
      await crashed('after_processor_call', `/v1/charges/${held.id}/${end}`, {}, secretKey, key);
      expect((await reconciled()).operations).toBe(1);
      const retried =
        end === 'capture'
          ? await api.POST('/v1/charges/{id}/capture', { params: { path: { id: held.id }, header: { 'Idempotency-Key': key } } })
          : await api.POST('/v1/charges/{id}/cancel', { params: { path: { id: held.id }, header: { 'Idempotency-Key': key } } });
      expect(retried.response.status, JSON.stringify(retried.error)).toBe(200);
      expect(retried.data!.data).toMatchObject({ status });
      expect(await eventsAbout(held.id)).toEqual(['charge.authorized', end === 'capture' ? 'charge.captured' : 'charge.canceled']);
      expect(await processorCallsOn(end === 'capture' ? 'capture' : 'void', held.id)).toBe(1);
    }
    await nothingInFlight();
  });

  it('a capture retried after a crash finishes the capture under way instead of answering 409', async () => {
    const held = await paidCharge({ capture_method: 'manual' });
    await crashed('after_processor_call', `/v1/charges/${held.id}/capture`, {}, secretKey);
    const retried = await api.POST('/v1/charges/{id}/capture', { params: { path: { id: held.id } } });
    expect(retried.data!.data).toMatchObject({ status: 'succeeded', amount_captured: 10_000 });
    expect(await eventsAbout(held.id)).toEqual(['charge.authorized', 'charge.captured']);
    await nothingInFlight();
  });
});
