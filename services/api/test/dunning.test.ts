import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { waitFor } from './support/receiver';

// Dunning that recovers: soft declines retried on the account's schedule, hard ones not retried, each
// attempt's outcome in charge.failed, and every email linking to a working customer portal.
const ENV = { JOB_POLL_INTERVAL_MS: '20' };
let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let monthly: string;

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, env: ENV });
  merchant = await app.createAccount('Studio Noa');
  api = app.client(merchant.testKey);
  const product = (await api.POST('/v1/products', { body: { name: 'Yoga' } })).data!.data.id;
  monthly = (
    await api.POST('/v1/prices', {
      body: { product, currency: 'ils', unit_amount: 4_900, type: 'recurring', recurring: { interval: 'month' } },
    })
  ).data!.data.id;
});
afterAll(() => app.close());

const DAY = 24 * 3600_000;
const MAY_1 = Date.parse('2026-05-01T00:00:00.000Z');
const day = (n: number) => new Date(MAY_1 + n * DAY + 60_000).toISOString();

async function subscribed(token: string) {
  const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-04-01T00:00:00.000Z' } })).data!.data.id;
  const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi', email: 'dana@example.co.il', test_clock: clock } })).data!
    .data.id;
  const pm = (await api.POST('/v1/payment_methods', { body: { customer, token } })).data!.data.id;
  const subscription = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } })).data!.data;
  return { clock, customer, subscription };
}

const advance = async (clock: string, to: string) => {
  const res = await api.POST('/v1/test_helpers/test_clocks/{id}/advance', { params: { path: { id: clock } }, body: { frozen_time: to } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
};
const read = async (id: string) => (await api.GET('/v1/subscriptions/{id}', { params: { path: { id } } })).data!.data;
const charges = async (customer: string) =>
  (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.slice().reverse();
async function failures(subscription: string) {
  const events = (await api.GET('/v1/events', { params: { query: { limit: 100, type: 'charge.failed' } } })).data!.data;
  return events
    .map((event) => event.data as { subscription?: string; failure_kind?: string; next_retry_at?: string | null })
    .filter((charge) => charge.subscription === subscription)
    .reverse();
}
const dunningEmails = (subscription: string) =>
  waitFor('the dunning emails', async () => {
    const rows: { text_body: string }[] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute("select text_body from email_outbox where kind = 'dunning' and key like ? order by created_at", [
        `dunning:${subscription}:%`,
      ]);
    return rows.length > 0 && rows.map((row) => row.text_body);
  });

/** The portal link an email carries, opened as the customer's browser opens it: the page's answer. */
async function portalOf(text: string) {
  const url = /Update your card: (\S+)/.exec(text)![1];
  const id = url.split('/portal/')[1];
  return app.client().GET('/v1/billing_portal/sessions/{id}/page', { params: { path: { id } } });
}

describe('dunning', () => {
  it("retries a soft decline on the account's schedule, says when in charge.failed and the email, and cancels after the last", async () => {
    const set = await api.POST('/v1/account', { body: { dunning: { retry_days: [2, 4] } } });
    expect(set.data!.data.dunning).toEqual({ retry_days: [2, 4] });
    try {
      const { clock, customer, subscription } = await subscribed('tok_renewal_declines');
      await advance(clock, day(0));
      expect(await read(subscription.id)).toMatchObject({ status: 'past_due' });
      expect(await failures(subscription.id)).toEqual([
        expect.objectContaining({ failure_kind: 'soft', next_retry_at: new Date(MAY_1 + 2 * DAY).toISOString() }),
      ]);
      const [email] = await dunningEmails(subscription.id);
      expect(email).toContain('We will try again on 3 May 2026');
      const portal = await portalOf(email);
      expect(portal.response.status).toBe(200);
      expect(portal.data!.data.subscriptions[0]).toMatchObject({ id: subscription.id, status: 'past_due' });

      // Nothing on day 1; the retries come on days 2 and 4, and the last failure cancels.
      await advance(clock, day(1));
      expect(await charges(customer)).toHaveLength(2);
      await advance(clock, day(2));
      expect(await charges(customer)).toHaveLength(3);
      expect((await failures(subscription.id)).at(-1)).toMatchObject({ next_retry_at: new Date(MAY_1 + 4 * DAY).toISOString() });
      await advance(clock, day(4));
      expect(await read(subscription.id)).toMatchObject({ status: 'canceled' });
      expect((await failures(subscription.id)).map((failure) => failure.next_retry_at)).toEqual([
        new Date(MAY_1 + 2 * DAY).toISOString(),
        new Date(MAY_1 + 4 * DAY).toISOString(),
        null,
      ]);
      expect(await charges(customer)).toHaveLength(4);
    } finally {
      await api.POST('/v1/account', { body: { dunning: { retry_days: [1, 3, 5] } } });
    }
  });

  it('does not retry a hard decline: the email asks for a new card by the last day, whose portal recovers it', async () => {
    const { clock, customer, subscription } = await subscribed('tok_renewal_stolen');
    await advance(clock, day(0));
    expect(await failures(subscription.id)).toEqual([expect.objectContaining({ failure_kind: 'hard', next_retry_at: null })]);
    const [email] = await dunningEmails(subscription.id);
    expect(email).toContain('we will not try it again. To keep your subscription, update your card by 6 May 2026.');
    await advance(clock, day(3));
    expect(await charges(customer)).toHaveLength(2); // the first period's, and the declined renewal: no retry

    // The customer follows the link, gives a new card, and the open period is paid with it at once.
    const id = /Update your card: \S+\/portal\/(\S+)/.exec(email)![1];
    const visitor = app.client();
    const token = await visitor.POST('/v1/billing_portal/sessions/{id}/tokens', {
      params: { path: { id } },
      body: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' } },
    });
    const added = await visitor.POST('/v1/billing_portal/sessions/{id}/payment_methods', {
      params: { path: { id } },
      body: { token: token.data!.data.id },
    });
    expect(added.response.status, JSON.stringify(added.error)).toBe(200);
    expect(await read(subscription.id)).toMatchObject({ status: 'active' });
    expect((await charges(customer)).map((charge) => charge.status)).toEqual(['succeeded', 'failed', 'succeeded']);
  });

  it('a hard-declined subscription no one updates ends on the last day of the schedule, with no further charge', async () => {
    const { clock, customer, subscription } = await subscribed('tok_renewal_stolen');
    await advance(clock, day(0));
    await advance(clock, day(4));
    expect(await read(subscription.id)).toMatchObject({ status: 'past_due' });
    await advance(clock, day(5));
    expect(await read(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await charges(customer)).toHaveLength(2);
  });

  it('refuses a schedule that does not increase', async () => {
    const res = await api.POST('/v1/account', { body: { dunning: { retry_days: [3, 3] } } });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'dunning.retry_days' });
  });
});

describe('cards about to expire', () => {
  it('emails the customer of each renewing subscription whose card expires at the end of next month, once, with a portal link', async () => {
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    const customer = (await api.POST('/v1/customers', { body: { name: 'Yael', email: 'yael@example.co.il' } })).data!.data.id;
    const session = (
      await api.POST('/v1/checkout_sessions', {
        body: {
          customer,
          success_url: 'https://shop.example.co.il/thanks',
          cancel_url: 'https://shop.example.co.il/cart',
          line_items: [{ name: 'x', amount_agorot: 100 }],
        },
      })
    ).data!.data;
    const token = await app.client().POST('/v1/tokens', {
      body: {
        checkout_session: session.id,
        card: { number: '5555555555554444', exp_month: next.getUTCMonth() + 1, exp_year: next.getUTCFullYear(), cvc: '123' },
      },
    });
    const pm = (await api.POST('/v1/payment_methods', { body: { customer, token: token.data!.data.id } })).data!.data.id;
    await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price: monthly } });

    const { NoticeExpiringCards } = await import('../src/modules/subscriptions/application/notice-expiring-cards');
    const notice = () => app.services.inContext(() => app.services.container.get(NoticeExpiringCards).execute());
    expect(await notice()).toBeGreaterThanOrEqual(1);
    const expiry = `${String(next.getUTCMonth() + 1).padStart(2, '0')}/${String(next.getUTCFullYear()).slice(-2)}`;
    const [text] = await waitFor('the card-expiring email', async () => {
      const rows: { text_body: string }[] = await app.services.orm.em
        .fork()
        .getConnection()
        .execute('select text_body from email_outbox where key = ?', [
          `card_expiring:${pm}:${next.getUTCFullYear()}-${next.getUTCMonth() + 1}`,
        ]);
      return rows.length === 1 && rows.map((row) => row.text_body);
    });
    expect(text).toContain(`Your card •••• 4444, which pays your subscription with Studio Noa, expires at the end of ${expiry}.`);
    expect((await portalOf(text)).response.status).toBe(200);
  });
});
