import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { CARDS, shopper, URLS } from './support/checkout';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { Receiver, waitFor } from './support/receiver';

// Changing what was sold (DESIGN §3d), as a merchant does it through the API, on test clocks so every
// proration is exact: a month of April is 30 days, so a change on April 11 leaves 20/30 of it.
const ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '20,20,20', JOB_POLL_INTERVAL_MS: '20' };
let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let hook: Receiver;
let basic: string;
let pro: string;
let yearly: string;
let trial: string;

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, env: ENV });
  merchant = await app.createAccount('Studio');
  api = app.client(merchant.testKey);
  hook = await Receiver.start();
  await api.POST('/v1/webhooks', { body: { url: hook.url, events: ['*'] } });
  const product = async (name: string) => (await api.POST('/v1/products', { body: { name } })).data!.data.id;
  const price = async (name: string, unit_amount: number, interval: 'month' | 'year' = 'month', trial_period_days?: number) =>
    (
      await api.POST('/v1/prices', {
        body: { product: await product(name), currency: 'ils', unit_amount, type: 'recurring', recurring: { interval, trial_period_days } },
      })
    ).data!.data.id;
  basic = await price('Basic', 4_900);
  pro = await price('Pro', 9_900);
  yearly = await price('Pro yearly', 99_000, 'year');
  trial = await price('Basic with a trial', 4_900, 'month', 14);
});
afterAll(async () => {
  await app.close();
  await hook.close();
});

const APRIL_1 = '2026-04-01T00:00:00.000Z';
const APRIL_11 = '2026-04-11T00:00:00.000Z';

/** A customer on a test clock frozen at `at`, subscribed to `price` with a saved card. */
async function subscribed(price: string, at = APRIL_1, token = 'tok_visa') {
  const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: at } })).data!.data.id;
  const customer = (await api.POST('/v1/customers', { body: { name: 'Member', email: 'member@example.co.il', test_clock: clock } })).data!
    .data.id;
  const pm = (await api.POST('/v1/payment_methods', { body: { customer, token } })).data!.data.id;
  const subscription = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price } })).data!.data;
  return { clock, customer, pm, subscription };
}

const advance = async (clock: string, to: string) => {
  const res = await api.POST('/v1/test_helpers/test_clocks/{id}/advance', { params: { path: { id: clock } }, body: { frozen_time: to } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
};
const change = (id: string, body: Record<string, unknown>, key?: string) =>
  api.POST('/v1/subscriptions/{id}', {
    params: { path: { id }, ...(key ? { header: { 'Idempotency-Key': key } } : {}) },
    body: body as never,
  });
const preview = async (id: string, query: Record<string, unknown> = {}) =>
  (await api.GET('/v1/subscriptions/{id}/upcoming', { params: { path: { id }, query: query as never } })).data!.data;
const read = async (id: string) => (await api.GET('/v1/subscriptions/{id}', { params: { path: { id } } })).data!.data;
const chargesOf = async (customer: string) =>
  (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.slice().reverse();
const documentOf = async (id: string) => (await api.GET('/v1/documents/{id}', { params: { path: { id } } })).data!.data;
const balanceOf = async (customer: string) =>
  (await api.GET('/v1/customers/{id}', { params: { path: { id: customer } } })).data!.data.balance;
const lines = (of: { lines: { description: string; amount: number }[] }) => of.lines.map((line) => [line.description, line.amount]);

/** A card token for `customer`, made as a checkout page makes one. */
async function cardToken(customer: string, number: string): Promise<string> {
  const session = (
    await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'x', amount_agorot: 100 }] } })
  ).data!.data;
  return shopper(app).token(session.id, number);
}

async function eventsOf(id: string, type?: string) {
  const events = (await api.GET('/v1/events', { params: { query: { limit: 100, ...(type ? { type: type as never } : {}) } } })).data!.data;
  return events.filter((event) => (event.data as { id?: string }).id === id).reverse();
}

describe('upgrading mid-period with always_invoice', () => {
  it('previews, charges and documents the same credit and debit; renews at the new price; a webhook gets previous_attributes', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    await advance(clock, APRIL_11);
    const upgrade = { price: pro, proration_behavior: 'always_invoice' };

    const upcoming = await preview(subscription.id, upgrade);
    // 20 of April's 30 days are left: ₪49 × 2/3 = 32.666… → 32.67 credit; ₪99 × 2/3 = 66.00 debit.
    expect(upcoming).toMatchObject({ object: 'upcoming_charge', charged_now: true, date: APRIL_11, amount_due: 3_333 });
    expect(lines(upcoming)).toEqual([
      ['זמן שלא נוצל ב־Basic / Unused time on Basic', -3_267],
      ['יתרת התקופה ב־Pro / Remaining time on Pro', 6_600],
    ]);
    expect(await read(subscription.id)).toMatchObject({ price: basic }); // a preview changes nothing

    const res = await change(subscription.id, upgrade);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data!.data).toMatchObject({ price: pro, status: 'active', current_period_end: '2026-05-01T00:00:00.000Z' });

    const [first, proration] = await chargesOf(customer);
    expect(first.amount).toBe(4_900);
    expect(proration).toMatchObject({ status: 'succeeded', amount: upcoming.amount_due, subscription: subscription.id });
    const document = await documentOf(proration.document!);
    expect(document.type).toBe('tax_invoice_receipt');
    expect(lines(document)).toEqual(lines(upcoming));
    expect(document.total).toBe(3_333);

    await advance(clock, '2026-05-01T00:01:00.000Z');
    const renewal = (await chargesOf(customer))[2];
    expect(renewal).toMatchObject({ status: 'succeeded', amount: 9_900 });
    expect(lines(await documentOf(renewal.document!))).toEqual([['Pro', 9_900]]);

    const delivered = await waitFor('subscription.updated with previous_attributes', () =>
      hook
        .events()
        .find(
          (e) =>
            e.type === 'subscription.updated' &&
            (e as unknown as { data: { id: string; price: string } }).data.price === pro &&
            (e as unknown as { previous_attributes?: { price?: string } }).previous_attributes?.price === basic,
        ),
    );
    expect((delivered as unknown as { data: { id: string } }).data.id).toBe(subscription.id);
  });

  it('a declined proration charge answers 402 and changes nothing', async () => {
    const { clock, customer, pm, subscription } = await subscribed(basic);
    await advance(clock, APRIL_11);
    const poor = (await api.POST('/v1/payment_methods', { body: { customer, token: await cardToken(customer, CARDS.insufficientFunds) } }))
      .data!.data.id;
    const res = await change(subscription.id, { price: pro, payment_method: poor, proration_behavior: 'always_invoice' });
    expect(res.response.status).toBe(402);
    expect(res.error!.error).toMatchObject({ code: 'card_declined', type: 'card_error' });
    expect(await read(subscription.id)).toMatchObject({ price: basic, payment_method: pm, status: 'active' });
    expect((await chargesOf(customer)).map((c) => c.status)).toEqual(['succeeded', 'failed']);
    expect((await eventsOf(subscription.id)).map((e) => e.type)).toEqual(['subscription.created']);
    // Nothing is held: a change that charges nothing goes through.
    expect((await change(subscription.id, { metadata: { tier: 'basic' } })).data!.data.metadata).toEqual({ tier: 'basic' });
  });

  it('is charged once under 20 parallel identical requests, and once under a retried Idempotency-Key', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    await advance(clock, APRIL_11);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => change(subscription.id, { price: pro, proration_behavior: 'always_invoice' })),
    );
    const statuses = answers.map((a) => a.response.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    for (const refused of answers.filter((a) => a.response.status === 409))
      expect(refused.error!.error.code).toBe('subscription_change_in_progress');
    expect((await chargesOf(customer)).map((c) => c.amount)).toEqual([4_900, 3_333]);

    const again = await subscribed(basic);
    await advance(again.clock, APRIL_11);
    const first = await change(again.subscription.id, { price: pro, proration_behavior: 'always_invoice' }, 'upgrade-1');
    const retried = await change(again.subscription.id, { price: pro, proration_behavior: 'always_invoice' }, 'upgrade-1');
    expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.data!.data).toEqual(first.data!.data);
    expect((await chargesOf(again.customer)).map((c) => c.amount)).toEqual([4_900, 3_333]);
  });
});

describe('the other proration behaviours', () => {
  it('create_prorations: the lines ride on the next renewal, which the preview shows and the renewal charges', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    await advance(clock, APRIL_11);
    expect((await change(subscription.id, { price: pro })).data!.data.price).toBe(pro);
    expect(await chargesOf(customer)).toHaveLength(1);
    const upcoming = await preview(subscription.id);
    expect(upcoming).toMatchObject({ charged_now: false, date: '2026-05-01T00:00:00.000Z', amount_due: 9_900 - 3_267 + 6_600 });
    expect(lines(upcoming)).toEqual([
      ['Pro', 9_900],
      ['זמן שלא נוצל ב־Basic / Unused time on Basic', -3_267],
      ['יתרת התקופה ב־Pro / Remaining time on Pro', 6_600],
    ]);
    await advance(clock, '2026-05-01T00:01:00.000Z');
    const renewal = (await chargesOf(customer))[1];
    expect(renewal.amount).toBe(upcoming.amount_due);
    expect(lines(await documentOf(renewal.document!))).toEqual(lines(upcoming));
    expect((await preview(subscription.id)).amount_due).toBe(9_900);
  });

  it('a downgrade settled now credits the balance, which the next renewal uses first', async () => {
    const { clock, customer, subscription } = await subscribed(pro);
    await advance(clock, '2026-04-16T00:00:00.000Z'); // 15 of 30 days left
    const res = await change(subscription.id, { price: basic, proration_behavior: 'always_invoice' });
    expect(res.data!.data.price).toBe(basic);
    expect(await balanceOf(customer)).toBe(-(4_950 - 2_450));
    expect(await chargesOf(customer)).toHaveLength(1);
    const upcoming = await preview(subscription.id);
    expect(upcoming.amount_due).toBe(4_900 - 2_500);
    await advance(clock, '2026-05-01T00:01:00.000Z');
    const renewal = (await chargesOf(customer))[1];
    expect(renewal.amount).toBe(2_400);
    expect(lines(await documentOf(renewal.document!))).toEqual([
      ['Basic', 4_900],
      ['יתרת זכות / Credit balance applied', -2_500],
    ]);
    expect(await balanceOf(customer)).toBe(0);
  });

  it('a downgrade carried to a renewal that never comes: canceling gives its credit back to the balance', async () => {
    const { clock, customer, subscription } = await subscribed(pro);
    await advance(clock, '2026-04-16T00:00:00.000Z');
    await change(subscription.id, { price: basic });
    expect(await balanceOf(customer)).toBe(0);
    await api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id: subscription.id } } });
    expect(await balanceOf(customer)).toBe(-(4_950 - 2_450));
  });

  it('none: no charge and no lines; the new price from the next renewal on', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    await advance(clock, APRIL_11);
    await change(subscription.id, { price: pro, proration_behavior: 'none' });
    await advance(clock, '2026-05-01T00:01:00.000Z');
    expect((await chargesOf(customer)).map((c) => c.amount)).toEqual([4_900, 9_900]);
  });

  it('quantity: a period bills unit × quantity, prorated when it changes', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    await advance(clock, APRIL_11);
    const res = await change(subscription.id, { quantity: 3, proration_behavior: 'always_invoice' });
    expect(res.data!.data.quantity).toBe(3);
    // 3 × ₪49 × 2/3 = 98.00 debit, ₪49 × 2/3 = 32.67 credit.
    expect((await chargesOf(customer)).map((c) => c.amount)).toEqual([4_900, 9_800 - 3_267]);
    await advance(clock, '2026-05-01T00:01:00.000Z');
    const renewal = (await chargesOf(customer))[2];
    expect(renewal.amount).toBe(14_700);
    expect((await documentOf(renewal.document!)).lines).toEqual([
      { description: 'Basic', quantity: 3, unit_amount: 4_900, amount: 14_700 },
    ]);
  });

  it('a new interval starts a new period now, charged less the credit', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    await advance(clock, APRIL_11);
    const res = await change(subscription.id, { price: yearly });
    expect(res.data!.data).toMatchObject({
      price: yearly,
      current_period_start: APRIL_11,
      current_period_end: '2027-04-11T00:00:00.000Z',
    });
    expect((await chargesOf(customer)).map((c) => c.amount)).toEqual([4_900, 99_000 - 3_267]);
  });
});

describe('trials, pauses, cards and cancellation', () => {
  it('a trial says trialing; a change during it prorates nothing, and the first charge is at the new price', async () => {
    const { clock, customer, subscription } = await subscribed(trial);
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: '2026-04-15T00:00:00.000Z' });
    await advance(clock, '2026-04-05T00:00:00.000Z');
    expect((await change(subscription.id, { price: pro, proration_behavior: 'always_invoice' })).data!.data).toMatchObject({
      status: 'trialing',
      price: pro,
    });
    expect(await chargesOf(customer)).toEqual([]);
    await advance(clock, '2026-04-15T00:01:00.000Z');
    expect(await read(subscription.id)).toMatchObject({ status: 'active' });
    expect((await chargesOf(customer)).map((c) => c.amount)).toEqual([9_900]);
  });

  it('pause over a renewal: no charge, the period still advances; resume charges the next period', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    await advance(clock, APRIL_11);
    const paused = (await change(subscription.id, { pause_collection: { behavior: 'void' } })).data!.data;
    expect(paused).toMatchObject({ status: 'paused', pause_collection: { behavior: 'void', resumes_at: null } });
    expect(await preview(subscription.id)).toMatchObject({ date: null, amount_due: 0 });
    await advance(clock, '2026-05-01T00:01:00.000Z');
    expect(await read(subscription.id)).toMatchObject({ status: 'paused', current_period_end: '2026-06-01T00:00:00.000Z' });
    expect(await chargesOf(customer)).toHaveLength(1);
    const resumed = (await change(subscription.id, { pause_collection: null })).data!.data;
    expect(resumed).toMatchObject({ status: 'active', pause_collection: null });
    await advance(clock, '2026-06-01T00:01:00.000Z');
    expect((await chargesOf(customer)).map((c) => c.amount)).toEqual([4_900, 4_900]);
    // Events of one change share its time: compared as a set with counts, not in order.
    expect((await eventsOf(subscription.id)).map((e) => e.type).sort()).toEqual([
      'subscription.created',
      'subscription.paused',
      'subscription.resumed',
      'subscription.updated', // paused
      'subscription.updated', // the period passed unpaid
      'subscription.updated', // resumed
      'subscription.updated', // renewed
    ]);
  });

  it('a pause with resumes_at resumes by itself on the clock, and the first period after it is charged', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    await change(subscription.id, { pause_collection: { behavior: 'void', resumes_at: '2026-05-15T00:00:00.000Z' } });
    expect(await preview(subscription.id)).toMatchObject({ date: '2026-06-01T00:00:00.000Z', amount_due: 4_900 });
    await advance(clock, '2026-05-20T00:00:00.000Z');
    expect(await read(subscription.id)).toMatchObject({ status: 'active', pause_collection: null });
    expect(await chargesOf(customer)).toHaveLength(1);
    await advance(clock, '2026-06-01T00:01:00.000Z');
    expect(await chargesOf(customer)).toHaveLength(2);
  });

  it('a new card is charged from the next renewal; another customer’s card is refused', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    const other = await subscribed(basic);
    const second = (await api.POST('/v1/payment_methods', { body: { customer, token: await cardToken(customer, '5555 5555 5555 4444') } }))
      .data!.data;
    const refused = await change(subscription.id, { payment_method: other.pm });
    expect(refused.response.status).toBe(400);
    expect(refused.error!.error).toMatchObject({ code: 'payment_method_not_found', param: 'payment_method' });
    expect((await change(subscription.id, { payment_method: second.id })).data!.data.payment_method).toBe(second.id);
    await advance(clock, '2026-05-01T00:01:00.000Z');
    expect((await chargesOf(customer))[1].payment_method_details).toMatchObject({ card: { last4: '4444' } });
  });

  it('cancel_at_period_end set and undone: the subscription renews', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    expect((await change(subscription.id, { cancel_at_period_end: true })).data!.data.cancel_at_period_end).toBe(true);
    expect(await preview(subscription.id)).toMatchObject({ date: null });
    expect((await change(subscription.id, { cancel_at_period_end: false })).data!.data.cancel_at_period_end).toBe(false);
    await advance(clock, '2026-05-01T00:01:00.000Z');
    expect(await read(subscription.id)).toMatchObject({ status: 'active' });
    expect(await chargesOf(customer)).toHaveLength(2);
    const [undone] = await eventsOf(subscription.id, 'subscription.updated');
    expect((undone as unknown as { previous_attributes: unknown }).previous_attributes).toEqual({ cancel_at_period_end: false });
  });

  it('refuses a past-due pause, a canceled subscription, an inactive price and another account’s subscription', async () => {
    const declining = await subscribed(basic, APRIL_1, 'tok_renewal_declines');
    await advance(declining.clock, '2026-05-01T00:01:00.000Z');
    expect((await read(declining.subscription.id)).status).toBe('past_due');
    expect((await change(declining.subscription.id, { pause_collection: { behavior: 'void' } })).error!.error.code).toBe(
      'subscription_past_due',
    );
    const { subscription } = await subscribed(basic);
    const { product } = (await api.GET('/v1/prices/{id}', { params: { path: { id: pro } } })).data!.data;
    const retired = (
      await api.POST('/v1/prices', {
        body: { product, currency: 'ils', unit_amount: 1, type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    await api.POST('/v1/prices/{id}', { params: { path: { id: retired } }, body: { active: false } });
    expect((await change(subscription.id, { price: retired })).error!.error).toMatchObject({ code: 'price_inactive', param: 'price' });
    await api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id: subscription.id } } });
    const canceled = await change(subscription.id, { quantity: 2 });
    expect([canceled.response.status, canceled.error!.error.code]).toEqual([409, 'subscription_canceled']);

    const stranger = app.client((await app.createAccount('Stranger')).testKey);
    const missing = await stranger.POST('/v1/subscriptions/{id}', {
      params: { path: { id: declining.subscription.id } },
      body: { quantity: 2 },
    });
    expect([missing.response.status, missing.error!.error.code]).toEqual([404, 'resource_missing']);
    const unseen = await stranger.GET('/v1/subscriptions/{id}/upcoming', { params: { path: { id: declining.subscription.id } } });
    expect(unseen.response.status).toBe(404);
  });
});

describe('a plan change through checkout', () => {
  it('quotes the change when the session opens, and paying applies it with the same lines', async () => {
    const { clock, customer, subscription } = await subscribed(basic);
    await advance(clock, APRIL_11);
    const opened = await api.POST('/v1/checkout_sessions', { body: { customer, subscription: subscription.id, price: pro, ...URLS } });
    expect(opened.response.status, JSON.stringify(opened.error)).toBe(200);
    const session = opened.data!.data;
    expect(session).toMatchObject({ amount_due_now: 3_333, subscription: subscription.id, plan_change: { amount_due: 3_333 } });
    expect(session.plan_change).toMatchObject({
      current: { name: 'Basic', unit_amount: 4_900, quantity: 1, interval: 'month' },
      new: { name: 'Pro', unit_amount: 9_900, quantity: 1, interval: 'month' },
    });
    const page = (await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: session.id } } })).data!.data;
    expect(page.plan_change).toEqual(session.plan_change);
    expect(await read(subscription.id)).toMatchObject({ price: basic });

    const paid = await shopper(app).payWithCard(session.id);
    expect(paid.data!.data).toMatchObject({ status: 'succeeded', redirect_url: `https://shop.example.co.il/thanks?session=${session.id}` });
    expect(await read(subscription.id)).toMatchObject({ price: pro, status: 'active' });
    const charge = (await chargesOf(customer)).find((c) => c.checkout_session)!;
    expect(charge).toMatchObject({ amount: 3_333, subscription: subscription.id });
    expect(lines(await documentOf(charge.document!))).toEqual(session.plan_change!.lines.map((line) => [line.description, line.amount]));
    expect(
      (await eventsOf(subscription.id, 'subscription.updated')).map(
        (e) => (e as unknown as { previous_attributes: unknown }).previous_attributes,
      ),
    ).toEqual([{ price: basic }]);
    await advance(clock, '2026-05-01T00:01:00.000Z');
    expect((await chargesOf(customer)).filter((c) => !c.checkout_session).map((c) => c.amount)).toEqual([4_900, 9_900]);
  });

  it('refuses what a plan change cannot be: another customer’s subscription, extras, nothing due', async () => {
    const { customer, subscription } = await subscribed(pro);
    const other = await subscribed(basic);
    const open = (body: Record<string, unknown>) =>
      api.POST('/v1/checkout_sessions', { body: { customer, subscription: subscription.id, price: yearly, ...URLS, ...body } as never });
    expect((await open({ subscription: other.subscription.id })).error!.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'subscription',
    });
    expect((await open({ line_items: [{ name: 'x', amount_agorot: 100 }] })).error!.error).toMatchObject({ param: 'line_items' });
    expect((await open({ capture_method: 'manual' })).error!.error).toMatchObject({ param: 'capture_method' });
    expect((await open({ coupon_codes: ['SPRING10'] })).error!.error).toMatchObject({ param: 'coupon_codes' });
    expect((await open({ price: basic })).error!.error).toMatchObject({ code: 'parameter_invalid', param: 'price' });
    expect((await open({ price: undefined })).error!.error).toMatchObject({ code: 'parameter_missing', param: 'price' });
  });
});

describe('discounts that repeat', () => {
  it('a 3-month discount takes from the first three monthly charges, then the price is whole', async () => {
    const discount = await api.POST('/v1/discounts', {
      body: { name: 'Three months 10%', code: 'SPRING10', percent_off: 10, duration: 'repeating', duration_in_months: 3 },
    });
    expect(discount.data!.data).toMatchObject({ duration: 'repeating', duration_in_months: 3 });
    const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: APRIL_1 } })).data!.data.id;
    const customer = (await api.POST('/v1/customers', { body: { name: 'Member', test_clock: clock } })).data!.data.id;
    const session = (await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, price: basic, coupon_codes: ['SPRING10'] } }))
      .data!.data;
    expect((await shopper(app).payWithCard(session.id)).data!.data.status).toBe('succeeded');
    for (const month of ['05', '06', '07', '08']) await advance(clock, `2026-${month}-01T00:01:00.000Z`);
    const charges = await chargesOf(customer);
    expect(charges.find((c) => c.checkout_session)!.amount).toBe(4_410); // April, paid on the page
    expect(charges.filter((c) => !c.checkout_session).map((c) => c.amount)).toEqual([4_410, 4_410, 4_900, 4_900]); // May to August
  });

  it('refuses duration_in_months without repeating, and repeating without it', async () => {
    const without = await api.POST('/v1/discounts', { body: { name: 'x', code: 'X1', percent_off: 5, duration: 'repeating' } });
    expect(without.error!.error).toMatchObject({ code: 'parameter_missing', param: 'duration_in_months' });
    const stray = await api.POST('/v1/discounts', { body: { name: 'x', code: 'X2', percent_off: 5, duration_in_months: 2 } });
    expect(stray.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'duration_in_months' });
  });
});

describe('metadata', () => {
  it('rides from a checkout session onto its charge, its refund and the subscription it starts, and from a subscription onto its renewals', async () => {
    const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: APRIL_1 } })).data!.data.id;
    const customer = (await api.POST('/v1/customers', { body: { name: 'Member', test_clock: clock } })).data!.data.id;
    const session = (await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, price: basic, metadata: { order: 'A-17' } } }))
      .data!.data;
    expect(session.metadata).toEqual({ order: 'A-17' });
    expect((await shopper(app).payWithCard(session.id)).data!.data.status).toBe('succeeded');
    const paid = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
    const [charge] = await chargesOf(customer);
    expect(charge.metadata).toEqual({ order: 'A-17' });
    const refund = (await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge.id } }, body: { amount: 100 } })).data!.data;
    expect(refund.metadata).toEqual({ order: 'A-17' });
    expect((await read(paid.subscription!)).metadata).toEqual({ order: 'A-17' });
    await change(paid.subscription!, { metadata: { crm: 'c-9' } });
    await advance(clock, '2026-05-01T00:01:00.000Z');
    expect((await chargesOf(customer)).find((c) => !c.checkout_session)!.metadata).toEqual({ order: 'A-17', crm: 'c-9' });
  });

  it('is kept on webhook endpoints, merged on update', async () => {
    const created = (
      await api.POST('/v1/webhooks', { body: { url: hook.url, events: ['customer.updated'], metadata: { team: 'ops', env: 'qa' } } })
    ).data!.data;
    expect(created.metadata).toEqual({ team: 'ops', env: 'qa' });
    const updated = (await api.POST('/v1/webhooks/{id}', { params: { path: { id: created.id } }, body: { metadata: { env: '' } } })).data!
      .data;
    expect(updated.metadata).toEqual({ team: 'ops' });
    await api.DELETE('/v1/webhooks/{id}', { params: { path: { id: created.id } } });
  });

  it('is set on create, merged on update, and carried in events', async () => {
    const { customer, pm } = await subscribed(basic);
    const created = (
      await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: basic, metadata: { order: '7731' } } })
    ).data!.data;
    expect(created.metadata).toEqual({ order: '7731' });
    const updated = (await change(created.id, { metadata: { crm: 'c-1', order: '' } })).data!.data;
    expect(updated.metadata).toEqual({ crm: 'c-1' });
    const [event] = await eventsOf(created.id, 'subscription.updated');
    expect(event.data).toMatchObject({ metadata: { crm: 'c-1' } });
    expect((event as unknown as { previous_attributes: unknown }).previous_attributes).toEqual({ metadata: { order: '7731' } });
  });
});
