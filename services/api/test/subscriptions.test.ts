import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { RenewDueSubscriptions } from '../src/modules/subscriptions/application/renew-due-subscriptions';
import { CARDS, shopper, URLS } from './support/checkout';
import { MovableClock, startTestApp, type TestAccount, type TestApp } from './support/harness';
import { Receiver, waitFor } from './support/receiver';

const ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '20,20,20', JOB_POLL_INTERVAL_MS: '20' };
const clock = new MovableClock();
let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let hook: Receiver;
let monthly: string;
let yearly: string;
let trial: string;
let oneTime: string;

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, env: ENV, clock });
  merchant = await app.createAccount('Gym', { walletsEnabled: true });
  api = app.client(merchant.testKey);
  hook = await Receiver.start();
  await api.POST('/v1/webhooks', { body: { url: hook.url, events: ['*'] } });
  const product = (await api.POST('/v1/products', { body: { name: 'Membership' } })).data!.data.id;
  const price = async (body: Record<string, unknown>) =>
    (await api.POST('/v1/prices', { body: { product, currency: 'ils', unit_amount: 19900, ...body } as never })).data!.data.id;
  monthly = await price({ type: 'recurring', recurring: { interval: 'month' } });
  yearly = await price({ type: 'recurring', unit_amount: 199000, recurring: { interval: 'year' } });
  trial = await price({ type: 'recurring', recurring: { interval: 'month', trial_period_days: 14 } });
  oneTime = await price({ type: 'one_time' });
});
afterAll(async () => {
  await app.close();
  await hook.close();
});

/** A customer on a test clock frozen at `at`, with a saved card. */
async function clockedCustomer(at: string, token = 'tok_visa', email = 'member@example.co.il') {
  const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: at } })).data!.data;
  const customer = (await api.POST('/v1/customers', { body: { name: 'Member', email, test_clock: clock.id } })).data!.data.id;
  const pm = (await api.POST('/v1/payment_methods', { body: { customer, token } })).data!.data.id;
  return { clock: clock.id, customer, pm };
}

const advance = async (clock: string, to: string) => {
  const res = await api.POST('/v1/test_helpers/test_clocks/{id}/advance', { params: { path: { id: clock } }, body: { frozen_time: to } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  expect(res.data!.data).toMatchObject({ status: 'ready', frozen_time: new Date(to).toISOString() });
};
const read = async (id: string) => (await api.GET('/v1/subscriptions/{id}', { params: { path: { id } } })).data!.data;
/** The subscription's own events, in the order they were recorded (webhook arrival order is not guaranteed). */
async function eventTypes(id: string): Promise<string[]> {
  const all: { type: string; data: { id?: string } }[] = [];
  let after: string | undefined;
  for (;;) {
    const page = (await api.GET('/v1/events', { params: { query: { limit: 100, ...(after ? { starting_after: after } : {}) } } })).data!;
    all.push(...(page.data as never[]));
    if (!page.has_more) break;
    after = page.data[page.data.length - 1].id;
  }
  return all
    .filter((e) => e.data.id === id)
    .reverse()
    .map((e) => e.type);
}
const chargesOf = async (customer: string) =>
  (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.slice().reverse();

describe('creating a subscription', () => {
  it('charges the first period now, issues a document, emails a welcome and emits subscription.created', async () => {
    const { customer, pm } = await clockedCustomer('2026-03-15T08:00:00.000Z');
    const res = await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } });
    expect(res.response.status).toBe(200);
    const sub = res.data!.data;
    expect(sub).toMatchObject({
      object: 'subscription',
      customer,
      price: monthly,
      payment_method: pm,
      status: 'active',
      trial_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      current_period_start: '2026-03-15T08:00:00.000Z',
      current_period_end: '2026-04-15T08:00:00.000Z',
    });
    const [charge] = await chargesOf(customer);
    expect(charge).toMatchObject({ status: 'succeeded', amount: 19900, subscription: sub.id });
    expect(charge).not.toHaveProperty('checkout_session');
    expect(charge.document).toMatch(/^doc_/);
    await waitFor('the delivery', () =>
      hook.events().some((e) => e.type === 'charge.succeeded' && (e as unknown as { data: { id: string } }).data.id === charge.id),
    );
    expect(await eventTypes(sub.id)).toEqual(['subscription.created']);
    const welcome = await waitFor('the welcome email', async () => {
      const rows = await app.services.orm.em
        .fork()
        .getConnection()
        .execute('select * from email_outbox where key = ?', [`welcome:${sub.id}`]);
      return rows.length === 1 && rows;
    });
    expect(welcome[0].kind).toBe('welcome');
  });

  it("with a trial charges nothing now, warns three days before the end, then bills from the trial's end", async () => {
    const { clock, customer, pm } = await clockedCustomer('2026-05-01T12:00:00.000Z');
    const sub = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: trial } })).data!.data;
    expect(sub).toMatchObject({
      status: 'trialing',
      trial_end: '2026-05-15T12:00:00.000Z',
      current_period_end: '2026-05-15T12:00:00.000Z',
    });
    expect(await chargesOf(customer)).toEqual([]);
    await advance(clock, '2026-05-13T00:00:00.000Z');
    expect(await eventTypes(sub.id)).toEqual(['subscription.created', 'subscription.trial_will_end']);
    expect(await chargesOf(customer)).toEqual([]);
    await advance(clock, '2026-05-16T00:00:00.000Z');
    expect(await read(sub.id)).toMatchObject({
      status: 'active',
      current_period_start: '2026-05-15T12:00:00.000Z',
      current_period_end: '2026-06-15T12:00:00.000Z',
    });
    expect((await chargesOf(customer)).map((c) => [c.status, c.amount])).toEqual([['succeeded', 19900]]);
    expect(await eventTypes(sub.id)).toEqual(['subscription.created', 'subscription.trial_will_end', 'subscription.updated']);
  });

  it('answers 402 card_declined when the first period cannot be charged, and leaves no subscription', async () => {
    const { customer } = await clockedCustomer('2026-03-01T00:00:00.000Z');
    const session = (
      await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'x', amount_agorot: 100 }] } })
    ).data!.data;
    const token = await shopper(app).token(session.id, CARDS.insufficientFunds);
    const poor = (await api.POST('/v1/payment_methods', { body: { customer, token } })).data!.data.id;
    const res = await api.POST('/v1/subscriptions', { body: { customer, payment_method: poor, price: monthly } });
    expect(res.response.status).toBe(402);
    expect(res.error!.error).toMatchObject({ type: 'card_error', code: 'card_declined' });
    expect((await api.GET('/v1/subscriptions', { params: { query: { customer } } })).data!.data).toEqual([]);
  });

  it.each([
    ['a one-time price', { price: 'oneTime' }, 'price_not_recurring', 'price'],
    ['an unknown price', { price: 'price_nope' }, 'price_not_found', 'price'],
    ['an unknown customer', { customer: 'cus_nope' }, 'customer_not_found', 'customer'],
    ['an unknown payment method', { payment_method: 'pm_nope' }, 'payment_method_not_found', 'payment_method'],
  ])('refuses %s', async (_name, override, code, param) => {
    const { customer, pm } = await clockedCustomer('2026-03-01T00:00:00.000Z');
    const body = { customer, payment_method: pm, price: monthly, ...override } as Record<string, string>;
    if (body.price === 'oneTime') body.price = oneTime;
    const res = await api.POST('/v1/subscriptions', { body: body as never });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code, param });
  });

  it("refuses another customer's card", async () => {
    const a = await clockedCustomer('2026-03-01T00:00:00.000Z');
    const b = await clockedCustomer('2026-03-01T00:00:00.000Z');
    const res = await api.POST('/v1/subscriptions', { body: { customer: a.customer, payment_method: b.pm, price: monthly } });
    expect(res.error!.error).toMatchObject({ code: 'payment_method_not_found', param: 'payment_method' });
  });
});

describe('renewals', () => {
  it('a year of monthly renewals from January 31: periods end Feb 28, Mar 31, Apr 30, …, one charge each', async () => {
    const { clock, customer, pm } = await clockedCustomer('2026-01-31T10:00:00.000Z');
    const sub = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } })).data!.data;
    const ends: string[] = [];
    for (const month of [
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]) {
      await advance(clock, `${month}T10:00:00.000Z`);
      ends.push((await read(sub.id)).current_period_end.slice(0, 10));
    }
    expect(ends).toEqual([
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
    ]);
    const charges = await chargesOf(customer);
    expect(charges).toHaveLength(13);
    expect(charges.every((c) => c.status === 'succeeded' && c.amount === 19900 && c.subscription === sub.id)).toBe(true);
    expect(await eventTypes(sub.id)).toEqual(['subscription.created', ...Array(12).fill('subscription.updated')]);
  });

  it('catches up missed periods in one advance, one charge per period', async () => {
    const { clock, customer, pm } = await clockedCustomer('2026-01-31T10:00:00.000Z');
    const sub = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } })).data!.data;
    await advance(clock, '2026-06-01T00:00:00.000Z');
    expect((await read(sub.id)).current_period_end.slice(0, 10)).toBe('2026-06-30');
    expect(await chargesOf(customer)).toHaveLength(5);
  });

  it('a yearly price renews once in a year', async () => {
    const { clock, customer, pm } = await clockedCustomer('2026-02-10T00:00:00.000Z');
    const sub = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: yearly } })).data!.data;
    await advance(clock, '2026-12-31T00:00:00.000Z');
    expect(await chargesOf(customer)).toHaveLength(1);
    await advance(clock, '2027-02-10T00:00:00.000Z');
    expect(await chargesOf(customer)).toHaveLength(2);
    expect((await read(sub.id)).current_period_end).toBe('2028-02-10T00:00:00.000Z');
  });

  it('a declined renewal: past_due and dunning, retries after 1, 3 and 5 days, then canceled', async () => {
    const { clock, customer, pm } = await clockedCustomer('2026-01-10T00:00:00.000Z', 'tok_renewal_declines');
    const sub = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } })).data!.data;
    expect(sub.status).toBe('active'); // the card saves and pays the first period
    await advance(clock, '2026-02-10T00:00:00.000Z');
    expect((await read(sub.id)).status).toBe('past_due');
    await advance(clock, '2026-02-11T00:00:00.000Z');
    await advance(clock, '2026-02-13T00:00:00.000Z');
    expect((await read(sub.id)).status).toBe('past_due');
    await advance(clock, '2026-02-15T00:00:00.000Z');
    const ended = await read(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', canceled_at: '2026-02-15T00:00:00.000Z' });
    const charges = await chargesOf(customer);
    expect(charges.map((c) => c.status)).toEqual(['succeeded', 'failed', 'failed', 'failed', 'failed']);
    expect(await eventTypes(sub.id)).toEqual(['subscription.created', 'subscription.past_due', 'subscription.canceled']);
    const failedDeliveries = () =>
      hook
        .events()
        .filter((e) => e.type === 'charge.failed' && (e as unknown as { data: { subscription: string } }).data.subscription === sub.id);
    await waitFor('four charge.failed deliveries', () => failedDeliveries().length === 4);
    // A dunning email for the decline and each failed retry but the last, which cancels.
    await waitFor(
      'dunning emails',
      async () =>
        (
          await app.services.orm.em
            .fork()
            .getConnection()
            .execute("select count(*)::int as n from email_outbox where kind = 'dunning' and key like ?", [`dunning:${sub.id}:%`])
        )[0].n === 3,
    );
    await advance(clock, '2026-04-01T00:00:00.000Z');
    expect(await chargesOf(customer)).toHaveLength(5);
  });
});

describe('cancellation', () => {
  it('cancels now: canceled and subscription.canceled; a second cancel answers the same, with no second event', async () => {
    const { customer, pm } = await clockedCustomer('2026-03-01T00:00:00.000Z');
    const sub = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } })).data!.data;
    const res = await api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id: sub.id } } });
    expect(res.data!.data).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect(res.data!.data.canceled_at).not.toBeNull();
    const again = await api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id: sub.id } } });
    expect(again.response.status).toBe(200);
    expect(again.data!.data).toEqual(res.data!.data);
    const scheduled = await api.POST('/v1/subscriptions/{id}/cancel', {
      params: { path: { id: sub.id } },
      body: { cancel_at_period_end: true },
    });
    expect(scheduled.response.status).toBe(409);
    expect(scheduled.error!.error.code).toBe('subscription_canceled');
    expect(await eventTypes(sub.id)).toEqual(['subscription.created', 'subscription.canceled']);
  });

  it('ten parallel cancels of one subscription all answer the canceled subscription; one event', async () => {
    const { customer, pm } = await clockedCustomer('2026-03-01T00:00:00.000Z');
    const sub = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } })).data!.data;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id: sub.id } } })),
    );
    expect(answers.map((a) => a.response.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.data!.data))).size).toBe(1);
    expect(answers[0].data!.data.status).toBe('canceled');
    expect(await eventTypes(sub.id)).toEqual(['subscription.created', 'subscription.canceled']);
  });

  it('with cancel_at_period_end stays active until the period ends, then cancels without a charge', async () => {
    const { clock, customer, pm } = await clockedCustomer('2026-03-01T00:00:00.000Z');
    const sub = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } })).data!.data;
    const scheduled = await api.POST('/v1/subscriptions/{id}/cancel', {
      params: { path: { id: sub.id } },
      body: { cancel_at_period_end: true },
    });
    expect(scheduled.data!.data).toMatchObject({ status: 'active', cancel_at_period_end: true, canceled_at: null });
    await advance(clock, '2026-03-31T00:00:00.000Z');
    expect((await read(sub.id)).status).toBe('active');
    await advance(clock, '2026-04-02T00:00:00.000Z');
    expect(await read(sub.id)).toMatchObject({ status: 'canceled', canceled_at: '2026-04-01T00:00:00.000Z' });
    expect(await chargesOf(customer)).toHaveLength(1);
    // Setting the cancellation is a change (`subscription.updated`); the period's end cancels it.
    expect(await eventTypes(sub.id)).toEqual(['subscription.created', 'subscription.updated', 'subscription.canceled']);
  });

  it('answers a repeated advance to the time it reached with the clock, running nothing again', async () => {
    const { clock, customer, pm } = await clockedCustomer('2026-03-01T00:00:00.000Z');
    await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } });
    await advance(clock, '2026-04-01T00:00:00.000Z');
    expect(await chargesOf(customer)).toHaveLength(2);
    // The SDK retries an advance whose answer was lost: the same frozen_time again.
    await advance(clock, '2026-04-01T00:00:00.000Z');
    expect(await chargesOf(customer)).toHaveLength(2);
    const earlier = await api.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: clock } },
      body: { frozen_time: '2026-03-31T23:59:59Z' },
    });
    expect(earlier.error!.error).toMatchObject({ code: 'clock_cannot_move_backwards' });
  });

  it('refuses to move a test clock backwards', async () => {
    const { clock } = await clockedCustomer('2026-03-01T00:00:00.000Z');
    const res = await api.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: clock } },
      body: { frozen_time: '2026-02-01T00:00:00Z' },
    });
    expect(res.error!.error).toMatchObject({ code: 'clock_cannot_move_backwards', param: 'frozen_time' });
  });
});

describe('recurring and mixed checkout', () => {
  const pay = () => shopper(app);
  async function checkoutCustomer() {
    return (await api.POST('/v1/customers', { body: { name: 'Shopper', email: 'shopper@example.co.il' } })).data!.data.id;
  }
  async function open(customer: string, body: Record<string, unknown>) {
    const res = await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, ...body } as never });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    return res.data!.data;
  }
  /** The daily renewal run, as if it ran at `at`. */
  async function renewAll(at: Date) {
    const shift = at.getTime() - clock.now().getTime();
    clock.advance(shift);
    try {
      await app.services.inContext(() => app.services.container.get(RenewDueSubscriptions).execute());
    } finally {
      clock.advance(-shift);
    }
  }

  it('a recurring price: the card is saved, the subscription starts, one charge pays the first period', async () => {
    const customer = await checkoutCustomer();
    const session = await open(customer, { price: monthly });
    expect((await pay().payWithCard(session.id)).data!.data.status).toBe('succeeded');
    const done = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
    expect(done).toMatchObject({ status: 'completed' });
    const sub = await read(done.subscription!);
    expect(sub).toMatchObject({ status: 'active', customer, price: monthly, trial_end: null });
    const saved = (await api.GET('/v1/customers/{id}/payment_methods', { params: { path: { id: customer } } })).data!.data;
    expect(saved.map((m) => m.id)).toEqual([sub.payment_method]);
    const charges = await chargesOf(customer);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      id: done.charge,
      amount: 19900,
      subscription: sub.id,
      checkout_session: session.id.replace('co_', 'cs_'),
    });
    expect(charges[0]).not.toHaveProperty('line_items');
    expect(await eventTypes(sub.id)).toEqual(['subscription.created']);
  });

  it('mixed with a trial: only the one-time items are charged now, with line_items on the charge', async () => {
    const customer = await checkoutCustomer();
    const session = await open(customer, { price: trial, line_items: [{ name: 'Starter kit', amount_agorot: 5000 }] });
    expect((await pay().payWithCard(session.id)).data!.data.status).toBe('succeeded');
    const done = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
    const sub = await read(done.subscription!);
    expect(sub.trial_end).not.toBeNull();
    const [charge] = await chargesOf(customer);
    expect(charge).toMatchObject({ amount: 5000, line_items: [{ name: 'Starter kit', amount_agorot: 5000, quantity: 1 }] });
    const document = (await api.GET('/v1/documents/{id}', { params: { path: { id: charge.document! } } })).data!.data;
    expect(document.total).toBe(5000);
  });

  it('a price with a trial and nothing due: the subscription starts with no charge', async () => {
    const customer = await checkoutCustomer();
    const session = await open(customer, { price: trial });
    expect((await pay().payWithCard(session.id)).data!.data.status).toBe('succeeded');
    const done = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
    expect(done).toMatchObject({ status: 'completed', charge: null });
    expect((await read(done.subscription!)).status).toBe('trialing');
    expect(await chargesOf(customer)).toEqual([]);
  });

  it('plan discounts apply by duration: once only to the first charge, forever to renewals too', async () => {
    const once = (
      await api.POST('/v1/discounts', {
        body: { name: 'First month half', code: 'HALFONCE', percent_off: 50, applies_to: { prices: [monthly] }, duration: 'once' },
      })
    ).data!.data;
    const forever = (
      await api.POST('/v1/discounts', {
        body: { name: 'Ten forever', code: 'TENFOREVER', percent_off: 10, applies_to: { prices: [monthly] }, duration: 'forever' },
      })
    ).data!.data;
    const results: Record<string, number[]> = {};
    for (const code of [once.code!, forever.code!]) {
      const customer = await checkoutCustomer();
      const session = await open(customer, { price: monthly, coupon_codes: [code] });
      await pay().payWithCard(session.id);
      const sub = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.subscription!;
      await renewAll(new Date(Date.parse((await read(sub)).current_period_end) + 1000));
      results[code] = (await chargesOf(customer)).map((c) => c.amount);
    }
    expect(results).toEqual({ HALFONCE: [9950, 19900], TENFOREVER: [17910, 17910] });
  });

  it('shows the plan on the page with what each renewal costs after a forever discount', async () => {
    const forever = (
      await api.POST('/v1/discounts', {
        body: { name: 'Fifteen forever', code: 'FIFTEENFOREVER', percent_off: 15, applies_to: { prices: [monthly] }, duration: 'forever' },
      })
    ).data!.data;
    const session = await open(await checkoutCustomer(), { price: monthly, coupon_codes: [forever.code!] });
    const page = (await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: session.id } } })).data!.data;
    expect(page.plan).toMatchObject({ unit_amount: 19900, amount_discount: -2985, renewal_amount: 16915 });
    expect(page).toMatchObject({ amount_due_now: 16915, redirect_url: null, success_origin: 'https://shop.example.co.il' });
    await pay().payWithCard(session.id);
    const paid = (await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: session.id } } })).data!.data;
    expect(paid).toMatchObject({ status: 'completed', redirect_url: `https://shop.example.co.il/thanks?session=${session.id}` });
  });

  it('a double click saves the card once and starts one subscription with one charge', async () => {
    const customer = await checkoutCustomer();
    const session = await open(customer, { price: monthly });
    const token = await pay().token(session.id, CARDS.ok);
    const answers = await Promise.all([1, 2, 3].map(() => pay().confirm(session.id, { type: 'card', token })));
    expect(answers.map((a) => a.data?.data.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const saved = (await api.GET('/v1/customers/{id}/payment_methods', { params: { path: { id: customer } } })).data!.data;
    expect(saved).toHaveLength(1);
    expect((await api.GET('/v1/subscriptions', { params: { query: { customer } } })).data!.data).toHaveLength(1);
    expect(await chargesOf(customer)).toHaveLength(1);
  });

  it("a customer on a test clock starts the subscription on the clock's time, and the clock renews it", async () => {
    const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-01-31T10:00:00Z' } })).data!.data.id;
    const customer = (await api.POST('/v1/customers', { body: { name: 'Clocked shopper', test_clock: clock } })).data!.data.id;
    const session = await open(customer, { price: monthly });
    expect((await pay().payWithCard(session.id)).data!.data.status).toBe('succeeded');
    const sub = await read(
      (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.subscription!,
    );
    expect(sub).toMatchObject({ current_period_start: '2026-01-31T10:00:00.000Z', current_period_end: '2026-02-28T10:00:00.000Z' });
    await advance(clock, '2026-02-28T10:00:01Z');
    expect(await read(sub.id)).toMatchObject({ current_period_end: '2026-03-31T10:00:00.000Z', status: 'active' });
    expect((await chargesOf(customer)).map((c) => c.amount)).toEqual([19900, 19900]);
  });

  it('refuses wallets for subscriptions and a declined card before anything starts', async () => {
    const customer = await checkoutCustomer();
    const session = await open(customer, { price: monthly });
    const page = (await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: session.id } } })).data!.data;
    expect(page.payment_options.wallets).toEqual([]);
    const wallet = await pay().confirm(session.id, { type: 'wallet', wallet: 'apple_pay', token: 'wallet_tok_visa' });
    expect(wallet.error!.error.code).toBe('wallet_not_allowed');
    const declined = await pay().payWithCard(session.id, CARDS.declined);
    expect(declined.data!.data).toMatchObject({ status: 'failed', failure: { code: 'card_declined' } });
    expect((await api.GET('/v1/subscriptions', { params: { query: { customer } } })).data!.data).toEqual([]);
  });
});

describe('test clocks and expiries', () => {
  it("advancing a clock expires its customers' holds and checkout sessions, and no one else's", async () => {
    const { clock, customer } = await clockedCustomer(new Date().toISOString());
    const other = await checkoutCustomerOffClock();
    const open = async (who: string, body: Record<string, unknown>) =>
      (
        await api.POST('/v1/checkout_sessions', {
          body: { customer: who, ...URLS, line_items: [{ name: 'Camera', amount_agorot: 9000 }], ...body } as never,
        })
      ).data!.data;
    const held = await open(customer, { capture_method: 'manual' });
    await shopper(app).payWithCard(held.id);
    const chargeId = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: held.id } } })).data!.data.charge!;
    const pending = await open(customer, {});
    const othersPending = await open(other, {});

    await advance(clock, new Date(Date.now() + 8 * 24 * 3600 * 1000).toISOString());
    expect((await api.GET('/v1/charges/{id}', { params: { path: { id: chargeId } } })).data!.data).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'expired',
    });
    const sessions = async (id: string) =>
      (await api.GET('/v1/events', { params: { query: { type: 'checkout_session.expired', limit: 100 } } })).data!.data.filter(
        (e) => (e.data as { id: string }).id === id,
      );
    expect(await sessions(pending.id)).toHaveLength(1);
    expect(await sessions(othersPending.id)).toHaveLength(0);
  });
});

async function checkoutCustomerOffClock() {
  return (await api.POST('/v1/customers', { body: { name: 'Real time' } })).data!.data.id;
}
