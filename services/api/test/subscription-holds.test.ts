import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { CARDS, shopper, URLS } from './support/checkout';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { waitFor } from './support/receiver';

// A subscription is held while a change's money is in flight (DESIGN §3d, the contract's Subscriptions tag):
// a cancel, now or at the period's end, from the API or the portal, answers 409
// `subscription_change_in_progress` until the change settles, so no canceled subscription is charged
// and none becomes active again. A plan change paid on a checkout page is checked and held the same way.
const ENV = { JOB_POLL_INTERVAL_MS: '20' };
let app: TestApp;
/** The same service whose processor takes 3 s to answer: a change is in flight long enough for a cancel to meet it, however busy the machine. */
let slow: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let slowApi: KupaClient;
let basic: string;
let pro: string;

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, env: ENV });
  slow = await startTestApp(app.databaseUrl, { env: { ...ENV, SIMULATED_PROCESSOR_LATENCY_MS: '3000' } });
  merchant = await app.createAccount('Studio');
  api = app.client(merchant.testKey);
  slowApi = slow.client(merchant.testKey);
  const product = async (name: string) => (await api.POST('/v1/products', { body: { name } })).data!.data.id;
  const price = async (name: string, unit_amount: number) =>
    (
      await api.POST('/v1/prices', {
        body: { product: await product(name), currency: 'ils', unit_amount, type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
  basic = await price('Basic', 10_000);
  pro = await price('Pro', 30_000);
  await api.POST('/v1/account', { body: { portal: { allowed_prices: [basic, pro], cancel_mode: 'at_period_end' } } });
});
afterAll(async () => {
  await slow?.close();
  await app?.close();
});

async function subscribed() {
  const customer = (await api.POST('/v1/customers', { body: { name: 'Noa', email: 'noa@example.co.il' } })).data!.data.id;
  const pm = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
  const subscription = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: basic } })).data!.data.id;
  return { customer, subscription };
}

const read = async (id: string) => (await api.GET('/v1/subscriptions/{id}', { params: { path: { id } } })).data!.data;
const cancel = (id: string, atPeriodEnd = false) =>
  api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id } }, body: { cancel_at_period_end: atPeriodEnd } });
const chargesOf = async (customer: string) =>
  (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.slice().reverse();
async function eventTypesOf(id: string) {
  const events = (await api.GET('/v1/events', { params: { query: { limit: 100 } } })).data!.data;
  return events
    .filter((event) => (event.data as { id?: string }).id === id)
    .map((event) => event.type)
    .reverse();
}
/** The processor's own record of what it was asked to charge for the subscription. */
async function authorizedAtProcessor(subscription: string): Promise<number> {
  const rows = await app.services.orm.em
    .fork()
    .getConnection()
    .execute("select count(*)::int as n from sim_ledger where operation = 'authorize' and request->>'reference' like ?", [
      `${subscription}:%`,
    ]);
  return rows[0].n as number;
}
/** Resolves once the change's charge is committed and in flight at the processor. */
const held = (subscription: string) =>
  waitFor('the change to hold the subscription', async () => {
    const rows = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select pending_change_id from subscriptions where id = ?', [subscription]);
    return rows[0].pending_change_id !== null;
  });

describe('a cancel while a plan change is being charged', () => {
  it('answers 409 and changes nothing; the change settles, and a cancel after it ends the subscription for good', async () => {
    const { customer, subscription } = await subscribed();
    const upgrade = slowApi.POST('/v1/subscriptions/{id}', {
      params: { path: { id: subscription } },
      body: { price: pro, billing_cycle_anchor: 'now' },
    });
    await held(subscription);
    const refused = await cancel(subscription);
    expect(refused.response.status).toBe(409);
    expect(refused.error!.error.code).toBe('subscription_change_in_progress');
    expect(await read(subscription)).toMatchObject({ status: 'active', canceled_at: null, price: basic });

    const upgraded = await upgrade;
    expect(upgraded.response.status, JSON.stringify(upgraded.error)).toBe(200);
    expect(upgraded.data!.data).toMatchObject({ status: 'active', price: pro, canceled_at: null });

    const canceled = await cancel(subscription);
    expect(canceled.data!.data).toMatchObject({ status: 'canceled', price: pro });
    // Nothing in flight is left to overturn it: it stays canceled, and nothing more is charged.
    expect(await read(subscription)).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect((await chargesOf(customer)).map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    expect(await authorizedAtProcessor(subscription)).toBe(2);
    expect(await eventTypesOf(subscription)).toEqual(['subscription.created', 'subscription.updated', 'subscription.canceled']);
  });

  it('with always_invoice too, and a cancel at the period end waits the same way', async () => {
    const { subscription } = await subscribed();
    const upgrade = slowApi.POST('/v1/subscriptions/{id}', {
      params: { path: { id: subscription } },
      body: { price: pro, proration_behavior: 'always_invoice' },
    });
    await held(subscription);
    expect((await cancel(subscription, true)).error!.error.code).toBe('subscription_change_in_progress');
    expect((await cancel(subscription)).error!.error.code).toBe('subscription_change_in_progress');
    expect((await upgrade).data!.data).toMatchObject({ status: 'active', price: pro, cancel_at_period_end: false });
    expect((await cancel(subscription, true)).data!.data).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await read(subscription)).toMatchObject({ status: 'active', price: pro, cancel_at_period_end: true });
  });

  it("from the portal: a cancel at the period's end is refused while the change is charged, and not reverted after it", async () => {
    const { customer, subscription } = await subscribed();
    const portal = (await api.POST('/v1/billing_portal/sessions', { body: { customer, return_url: 'https://shop.example.co.il/account' } }))
      .data!.data.id;
    const portalCancel = () =>
      app.client().POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/cancel', {
        params: { path: { id: portal, subscription } },
        body: { reason: 'too_expensive' },
      });
    const upgrade = slowApi.POST('/v1/subscriptions/{id}', {
      params: { path: { id: subscription } },
      body: { price: pro, proration_behavior: 'always_invoice' },
    });
    await held(subscription);
    const refused = await portalCancel();
    expect(refused.response.status).toBe(409);
    expect(refused.error!.error.code).toBe('subscription_change_in_progress');
    expect((await upgrade).response.status).toBe(200);
    expect((await portalCancel()).data!.data.subscriptions[0]).toMatchObject({ cancel_at_period_end: true });
    expect(await read(subscription)).toMatchObject({ price: pro, cancel_at_period_end: true, cancellation_reason: 'too_expensive' });
  });
});

describe('a plan change paid on the checkout page', () => {
  const openChange = async (customer: string, subscription: string) => {
    const res = await api.POST('/v1/checkout_sessions', { body: { customer, subscription, price: pro, ...URLS } });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    return res.data!.data.id;
  };

  it('of a subscription canceled since the page opened answers 409 and charges nothing', async () => {
    const { customer, subscription } = await subscribed();
    const session = await openChange(customer, subscription);
    await cancel(subscription);
    const paid = await shopper(app).payWithCard(session);
    expect(paid.response.status).toBe(409);
    expect(paid.error!.error.code).toBe('subscription_canceled');
    expect(await chargesOf(customer)).toHaveLength(1);
    expect(await authorizedAtProcessor(subscription)).toBe(1);
    expect(await read(subscription)).toMatchObject({ status: 'canceled', price: basic });
  });

  it("of one set to cancel at the period's end since the page opened answers 409: the cancellation is not undone", async () => {
    const { customer, subscription } = await subscribed();
    const session = await openChange(customer, subscription);
    await cancel(subscription, true);
    const paid = await shopper(app).payWithCard(session);
    expect(paid.error!.error.code).toBe('subscription_changed');
    expect(await chargesOf(customer)).toHaveLength(1);
    expect(await read(subscription)).toMatchObject({ status: 'active', price: basic, cancel_at_period_end: true });
  });

  it('of one already set to cancel when the page opened changes the plan and keeps the cancellation', async () => {
    const { customer, subscription } = await subscribed();
    await cancel(subscription, true);
    const session = await openChange(customer, subscription);
    expect((await shopper(app).payWithCard(session)).data!.data.status).toBe('succeeded');
    expect(await read(subscription)).toMatchObject({ status: 'active', price: pro, cancel_at_period_end: true });
  });

  it('holds the subscription while the payment is in flight: a cancel then is refused, and works once it is paid', async () => {
    const { customer, subscription } = await subscribed();
    const session = await openChange(customer, subscription);
    const token = await shopper(app).token(session, CARDS.ok);
    const paying = shopper(slow).confirm(session, { type: 'card', token });
    await held(subscription);
    expect((await cancel(subscription)).error!.error.code).toBe('subscription_change_in_progress');
    expect((await paying).data!.data.status).toBe('succeeded');
    expect(await read(subscription)).toMatchObject({ status: 'active', price: pro });
    expect((await cancel(subscription)).data!.data).toMatchObject({ status: 'canceled' });
    expect((await chargesOf(customer)).map((c) => c.amount)).toHaveLength(2);
  });

  it('lets the subscription go while the shopper answers 3-D Secure, and checks it again before charging', async () => {
    const { customer, subscription } = await subscribed();
    const session = await openChange(customer, subscription);
    const pay = shopper(app);
    const challenged = (await pay.payWithCard(session, CARDS.threeDSecure)).data!.data;
    expect(challenged.status).toBe('requires_action');
    // The shopper is away at the bank's page: the merchant's cancel is not held up by it.
    expect((await cancel(subscription)).data!.data.status).toBe('canceled');
    const answered = await pay.threeDSecure(session, challenged.next_action!.challenge_id, 'authenticated');
    expect(answered.response.status).toBe(409);
    expect(answered.error!.error.code).toBe('subscription_canceled');
    expect(await chargesOf(customer)).toHaveLength(1);
    expect(await read(subscription)).toMatchObject({ status: 'canceled', price: basic });
  });
});
