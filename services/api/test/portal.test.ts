import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { CARDS } from './support/checkout';
import { PurgeEndedPortalSessions } from '../src/modules/portal';
import { MovableClock, startTestApp, type TestAccount, type TestApp } from './support/harness';

// The customer portal (DESIGN §3d) through its public endpoints, as the portal page calls them: keyed by
// the portal session alone, reaching only its customer's objects, making the same changes as the API.
let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let visitor: KupaClient;
const clock = new MovableClock();
let basic: string;
let pro: string;
let yearly: string;
let oneTime: string;

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, clock, env: { JOB_POLL_INTERVAL_MS: '20' } });
  merchant = await app.createAccount('Studio Noa');
  api = app.client(merchant.testKey);
  visitor = app.client();
  const product = async (name: string) => (await api.POST('/v1/products', { body: { name } })).data!.data.id;
  const price = async (name: string, unit_amount: number, interval: 'month' | 'year' = 'month') =>
    (
      await api.POST('/v1/prices', {
        body: { product: await product(name), currency: 'ils', unit_amount, type: 'recurring', recurring: { interval } },
      })
    ).data!.data.id;
  basic = await price('Basic', 4_900);
  pro = await price('Pro', 9_900);
  yearly = await price('Pro yearly', 99_000, 'year');
  oneTime = (
    await api.POST('/v1/prices', { body: { product: await product('Mug'), currency: 'ils', unit_amount: 5_000, type: 'one_time' } })
  ).data!.data.id;
  const res = await api.POST('/v1/account', { body: { portal: { allowed_prices: [basic, pro] } } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
});
afterAll(() => app.close());

const APRIL_1 = '2026-04-01T00:00:00.000Z';

/** A customer on a test clock at April 1, subscribed to `price` with a saved card. */
async function subscribed(price: string, token = 'tok_visa') {
  const testClock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: APRIL_1 } })).data!.data.id;
  const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi', email: 'dana@example.co.il', test_clock: testClock } }))
    .data!.data.id;
  const pm = (await api.POST('/v1/payment_methods', { body: { customer, token } })).data!.data.id;
  const subscription = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price } })).data!.data;
  return { testClock, customer, pm, subscription };
}

async function portalOf(customer: string, locale: 'he' | 'en' = 'he') {
  const res = await api.POST('/v1/billing_portal/sessions', {
    body: { customer, return_url: 'https://shop.example.co.il/account', locale },
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!.data;
}

const page = (id: string) => visitor.GET('/v1/billing_portal/sessions/{id}/page', { params: { path: { id } } });
const subPath = (id: string, subscription: string) => ({ params: { path: { id, subscription } } });
const chargesOf = async (customer: string) =>
  (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.slice().reverse();
const read = async (id: string) => (await api.GET('/v1/subscriptions/{id}', { params: { path: { id } } })).data!.data;
async function eventsOf(id: string) {
  const events = (await api.GET('/v1/events', { params: { query: { limit: 100 } } })).data!.data;
  return events.filter((event) => (event.data as { id?: string }).id === id).reverse();
}

describe('portal settings and sessions', () => {
  it('the account keeps the portal settings per mode, with defaults, and checks the prices', async () => {
    const account = (await api.GET('/v1/account')).data!.data;
    expect(account.portal).toEqual({
      allowed_prices: [basic, pro],
      proration_behavior: 'always_invoice',
      cancel_mode: 'at_period_end',
      cancellation_reasons: ['too_expensive', 'missing_features', 'switched_service', 'unused', 'other'],
    });
    const live = (await app.client(merchant.liveKey).GET('/v1/account')).data!.data;
    expect(live.portal.allowed_prices).toEqual([]);

    const unknown = await api.POST('/v1/account', { body: { portal: { allowed_prices: [basic, 'price_nope'] } } });
    expect(unknown.response.status).toBe(400);
    expect(unknown.error!.error).toMatchObject({ code: 'price_not_found', param: 'portal.allowed_prices[1]' });
    const once = await api.POST('/v1/account', { body: { portal: { allowed_prices: [oneTime] } } });
    expect(once.error!.error).toMatchObject({ code: 'price_not_recurring', param: 'portal.allowed_prices[0]' });
    const empty = await api.POST('/v1/account', { body: {} });
    expect(empty.response.status).toBe(400);
    expect((await api.GET('/v1/account')).data!.data.portal.allowed_prices).toEqual([basic, pro]);
  });

  it('a session is an hour-long link on the checkout host for a customer of the key', async () => {
    const { customer } = await subscribed(basic);
    const session = await portalOf(customer, 'en');
    expect(session).toMatchObject({ object: 'billing_portal.session', customer, locale: 'en', livemode: false });
    expect(session.url).toBe(`${app.services.config.checkoutHostUrl}/portal/${session.id}`);
    expect(Date.parse(session.expires_at) - Date.parse(session.created)).toBe(3_600_000);

    const other = app.client((await app.createAccount('Elsewhere')).testKey);
    const foreign = await other.POST('/v1/billing_portal/sessions', { body: { customer } });
    expect(foreign.response.status).toBe(400);
    expect(foreign.error!.error).toMatchObject({ code: 'customer_not_found', param: 'customer' });
    const badUrl = await api.POST('/v1/billing_portal/sessions', { body: { customer, return_url: 'javascript:alert(1)' } });
    expect(badUrl.error!.error).toMatchObject({ code: 'url_invalid', param: 'return_url' });
  });

  it('after its hour the link is refused with portal_session_expired; an unknown one is 404', async () => {
    const { customer } = await subscribed(basic);
    const session = await portalOf(customer);
    expect((await page(session.id)).response.status).toBe(200);
    clock.advance(3_600_000);
    try {
      const expired = await page(session.id);
      expect(expired.response.status).toBe(403);
      expect(expired.error!.error.code).toBe('portal_session_expired');
      const cancel = await visitor.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/cancel', {
        ...subPath(session.id, 'sub_x'),
        body: {},
      });
      expect(cancel.error!.error.code).toBe('portal_session_expired');
    } finally {
      clock.advance(-3_600_000);
    }
    expect((await page('bps_unknown')).response.status).toBe(404);

    // A day after its end the hourly housekeeping removes it: then it is unknown like any other.
    const purge = () => app.services.inContext(() => app.services.container.get(PurgeEndedPortalSessions).execute());
    clock.advance(25 * 3_600_000);
    try {
      expect(await purge()).toBeGreaterThanOrEqual(1);
      expect((await page(session.id)).response.status).toBe(404);
    } finally {
      clock.advance(-25 * 3_600_000);
    }
  });
});

describe('the portal page', () => {
  it('shows the subscription, its next charge, the plans it may switch to, its card and its paid document', async () => {
    const { customer, pm, subscription } = await subscribed(basic);
    const view = (await page((await portalOf(customer)).id)).data!.data;
    expect(view).toMatchObject({
      object: 'portal_page',
      merchant: { name: 'Studio Noa' },
      customer: { name: 'Dana Levi', email: 'dana@example.co.il' },
      locale: 'he',
      return_url: 'https://shop.example.co.il/account',
      settings: { cancel_mode: 'at_period_end' },
    });
    expect(view.subscriptions).toEqual([
      expect.objectContaining({
        id: subscription.id,
        plan: { name: 'Basic', unit_amount: 4_900, quantity: 1, interval: 'month' },
        status: 'active',
        next_charge: { date: '2026-05-01T00:00:00.000Z', amount: 4_900 },
        switch_to: [{ id: pro, name: 'Pro', unit_amount: 9_900, interval: 'month' }],
      }),
    ]);
    expect(view.payment_methods).toEqual([expect.objectContaining({ id: pm, default: true, in_use: true })]);
    const [charge] = await chargesOf(customer);
    expect(view.payments).toEqual([
      expect.objectContaining({
        id: charge.id,
        amount: 4_900,
        status: 'succeeded',
        documents: [expect.objectContaining({ id: charge.document })],
      }),
    ]);
    const link = new URL(view.payments[0].documents[0].url);
    expect(link.pathname).toBe(`/v1/documents/${charge.document}/view`);
    expect(link.searchParams.get('locale')).toBe('he');
    const documentPage = await fetch(`${app.baseUrl}${link.pathname}${link.search}`);
    expect(documentPage.status).toBe(200);
    expect(await documentPage.text()).toContain('Studio Noa');
  });
});

describe('switching plan', () => {
  it('previews what is paid now, charges it once under a double click, and emits subscription.updated', async () => {
    const { testClock, customer, subscription } = await subscribed(basic);
    await api.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: testClock } },
      body: { frozen_time: '2026-04-11T00:00:00.000Z' },
    });
    const session = await portalOf(customer);
    const preview = await visitor.GET('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/preview', {
      params: { path: { id: session.id, subscription: subscription.id }, query: { price: pro } },
    });
    expect(preview.response.status, JSON.stringify(preview.error)).toBe(200);
    // 20 of April's 30 days are left: ₪66.00 of Pro less ₪32.67 of Basic unused.
    expect(preview.data!.data).toMatchObject({ charged_now: true, amount_due: 3_333, credit: 0, price: { id: pro } });

    const clicks = await Promise.all(
      [1, 2].map(() =>
        visitor.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/switch', {
          ...subPath(session.id, subscription.id),
          body: { price: pro },
        }),
      ),
    );
    const statuses = clicks.map((click) => click.response.status).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    expect(await read(subscription.id)).toMatchObject({ price: pro });
    const charges = await chargesOf(customer);
    expect(charges.map((charge) => charge.amount)).toEqual([4_900, 3_333]);
    expect((await eventsOf(subscription.id)).map((event) => event.type)).toContain('subscription.updated');

    const notAllowed = await visitor.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/switch', {
      ...subPath(session.id, subscription.id),
      body: { price: yearly },
    });
    expect(notAllowed.response.status).toBe(400);
    expect(notAllowed.error!.error).toMatchObject({ code: 'price_not_allowed', param: 'price' });
  });

  it('a downgrade shows the credit that goes to the next bill', async () => {
    const { testClock, customer, subscription } = await subscribed(pro);
    await api.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: testClock } },
      body: { frozen_time: '2026-04-11T00:00:00.000Z' },
    });
    const session = await portalOf(customer);
    const preview = (
      await visitor.GET('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/preview', {
        params: { path: { id: session.id, subscription: subscription.id }, query: { price: basic } },
      })
    ).data!.data;
    // ₪66.00 of Pro unused less ₪32.67 of Basic: ₪33.33 credit, taken off May's ₪49.
    expect(preview).toMatchObject({ charged_now: false, credit: 3_333, amount_due: 1_567, date: '2026-05-01T00:00:00.000Z' });
    await visitor.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/switch', {
      ...subPath(session.id, subscription.id),
      body: { price: basic },
    });
    expect((await api.GET('/v1/customers/{id}', { params: { path: { id: customer } } })).data!.data.balance).toBe(-3_333);
    expect((await chargesOf(customer)).length).toBe(1);
  });
});

describe('canceling', () => {
  it('cancels at the period end with a reason, and the undo renews again', async () => {
    const { customer, subscription } = await subscribed(basic);
    const session = await portalOf(customer);
    const canceled = await visitor.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/cancel', {
      ...subPath(session.id, subscription.id),
      body: { reason: 'too_expensive' },
    });
    expect(canceled.response.status, JSON.stringify(canceled.error)).toBe(200);
    expect(canceled.data!.data.subscriptions[0]).toMatchObject({ cancel_at_period_end: true, next_charge: null, switch_to: [] });
    expect(await read(subscription.id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancellation_reason: 'too_expensive',
    });

    const notOffered = await visitor.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/cancel', {
      ...subPath(session.id, subscription.id),
      body: { reason: 'low_quality' },
    });
    expect(notOffered.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'reason' });

    const undone = await visitor.POST(
      '/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/reactivate',
      subPath(session.id, subscription.id),
    );
    expect(undone.data!.data.subscriptions[0]).toMatchObject({ cancel_at_period_end: false, next_charge: { amount: 4_900 } });
    expect(await read(subscription.id)).toMatchObject({ cancel_at_period_end: false, cancellation_reason: null });
    const updates = (await eventsOf(subscription.id)).filter((event) => event.type === 'subscription.updated');
    expect(updates.map((event) => (event as { previous_attributes?: object }).previous_attributes)).toEqual([
      { cancel_at_period_end: false, cancellation_reason: null },
      { cancel_at_period_end: true, cancellation_reason: 'too_expensive' },
    ]);
  });

  it('cancels at once when the account says so', async () => {
    await api.POST('/v1/account', { body: { portal: { cancel_mode: 'immediately' } } });
    try {
      const { customer, subscription } = await subscribed(basic);
      const session = await portalOf(customer);
      const res = await visitor.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/cancel', {
        ...subPath(session.id, subscription.id),
        body: { reason: 'unused' },
      });
      expect(res.data!.data.subscriptions[0]).toMatchObject({ status: 'canceled', next_charge: null });
      expect(await read(subscription.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'unused' });
    } finally {
      await api.POST('/v1/account', { body: { portal: { cancel_mode: 'at_period_end' } } });
    }
  });
});

describe('cards', () => {
  it('a new card recovers a past-due subscription with one charge; the same token again charges nothing more', async () => {
    const { testClock, customer, pm, subscription } = await subscribed(basic, 'tok_renewal_declines');
    await api.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: testClock } },
      body: { frozen_time: '2026-05-01T00:01:00.000Z' },
    });
    expect((await read(subscription.id)).status).toBe('past_due');
    const session = await portalOf(customer);
    const token = await visitor.POST('/v1/billing_portal/sessions/{id}/tokens', {
      params: { path: { id: session.id } },
      body: { card: { number: CARDS.ok, exp_month: 12, exp_year: 2031, cvc: '123' } },
    });
    expect(token.response.status, JSON.stringify(token.error)).toBe(200);
    const added = await Promise.all(
      [1, 2].map(() =>
        visitor.POST('/v1/billing_portal/sessions/{id}/payment_methods', {
          params: { path: { id: session.id } },
          body: { token: token.data!.data.id },
        }),
      ),
    );
    for (const res of added) expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const view = added[0].data!.data;
    const fresh = view.payment_methods.find((card) => card.id !== pm)!;
    expect(fresh).toMatchObject({ card: { last4: '4242' }, default: true, in_use: true });
    expect(view.payment_methods.find((card) => card.id === pm)).toMatchObject({ default: false, in_use: false });

    const recovered = await read(subscription.id);
    expect(recovered).toMatchObject({ status: 'active', payment_method: fresh.id, current_period_start: '2026-05-01T00:00:00.000Z' });
    const charges = await chargesOf(customer);
    expect(charges.map((charge) => [charge.amount, charge.status])).toEqual([
      [4_900, 'succeeded'],
      [4_900, 'failed'],
      [4_900, 'succeeded'],
    ]);

    const again = await visitor.POST('/v1/billing_portal/sessions/{id}/payment_methods', {
      params: { path: { id: session.id } },
      body: { token: token.data!.data.id },
    });
    expect(again.response.status).toBe(200);
    expect((await chargesOf(customer)).length).toBe(3);

    const inUse = await visitor.DELETE('/v1/billing_portal/sessions/{id}/payment_methods/{payment_method}', {
      params: { path: { id: session.id, payment_method: fresh.id } },
    });
    expect(inUse.response.status).toBe(409);
    expect(inUse.error!.error.code).toBe('payment_method_in_use');
    const removed = await visitor.DELETE('/v1/billing_portal/sessions/{id}/payment_methods/{payment_method}', {
      params: { path: { id: session.id, payment_method: pm } },
    });
    expect(removed.response.status).toBe(200);
    expect(removed.data!.data.payment_methods.map((card) => card.id)).toEqual([fresh.id]);
  });

  it('a card declined at its verification is not added', async () => {
    const { customer, pm } = await subscribed(basic);
    const session = await portalOf(customer);
    const token = (
      await visitor.POST('/v1/billing_portal/sessions/{id}/tokens', {
        params: { path: { id: session.id } },
        body: { card: { number: CARDS.declined, exp_month: 12, exp_year: 2031, cvc: '123' } },
      })
    ).data!.data.id;
    const res = await visitor.POST('/v1/billing_portal/sessions/{id}/payment_methods', {
      params: { path: { id: session.id } },
      body: { token },
    });
    expect(res.response.status).toBe(402);
    expect(res.error!.error.code).toBe('card_declined');
    expect((await page(session.id)).data!.data.payment_methods.map((card) => card.id)).toEqual([pm]);
  });
});

describe('isolation', () => {
  it("another customer's subscription and card answer the same 404 as ids that do not exist", async () => {
    const mine = await subscribed(basic);
    const theirs = await subscribed(basic);
    const session = await portalOf(mine.customer);
    const attempts = [
      visitor.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/cancel', {
        ...subPath(session.id, theirs.subscription.id),
        body: {},
      }),
      visitor.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/switch', {
        ...subPath(session.id, theirs.subscription.id),
        body: { price: pro },
      }),
      visitor.POST('/v1/billing_portal/sessions/{id}/payment_methods/{payment_method}/default', {
        params: { path: { id: session.id, payment_method: theirs.pm } },
      }),
      visitor.DELETE('/v1/billing_portal/sessions/{id}/payment_methods/{payment_method}', {
        params: { path: { id: session.id, payment_method: theirs.pm } },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.response.status).toBe(404);
      expect(res.error!.error.code).toBe('resource_missing');
    }
    // Byte for byte the answer an unknown id gets, but for the id it names: nothing tells theirs from none.
    const answer = async (method: string, path: string, id: string, body?: object) => {
      const res = await fetch(`${app.baseUrl}/v1/billing_portal/sessions/${session.id}/${path.replace('ID', id)}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body && JSON.stringify(body),
      });
      return { status: res.status, body: (await res.text()).replaceAll(id, '<id>') };
    };
    const probes: [string, string, string, string, object?][] = [
      ['POST', 'subscriptions/ID/cancel', theirs.subscription.id, 'sub_doesnotexist00000000000', {}],
      ['POST', 'subscriptions/ID/switch', theirs.subscription.id, 'sub_doesnotexist00000000000', { price: pro }],
      ['POST', 'payment_methods/ID/default', theirs.pm, 'pm_doesnotexist000000000000'],
      ['DELETE', 'payment_methods/ID', theirs.pm, 'pm_doesnotexist000000000000'],
    ];
    for (const [method, path, theirId, unknownId, body] of probes) {
      const [ofTheirs, ofNone] = [await answer(method, path, theirId, body), await answer(method, path, unknownId, body)];
      expect(ofTheirs.status).toBe(404);
      expect(ofTheirs.body, `${method} ${path}`).toBe(ofNone.body);
    }
    expect(await read(theirs.subscription.id)).toMatchObject({ cancel_at_period_end: false, price: basic });
    expect(theirs.pm).toBeTruthy();
  });

  it('a write sent by a page of another site is refused before it runs; the portal page itself is heard', async () => {
    const { customer, subscription } = await subscribed(basic);
    await api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id: subscription.id } }, body: { cancel_at_period_end: true } });
    const session = await portalOf(customer);
    // What a form on another site can send without a preflight: a body-less POST.
    const reactivate = (origin: string) =>
      fetch(`${app.baseUrl}/v1/billing_portal/sessions/${session.id}/subscriptions/${subscription.id}/reactivate`, {
        method: 'POST',
        headers: { origin },
      });
    const refused = await reactivate('https://attacker.example');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed');
    expect((await reactivate('null')).status).toBe(403);
    expect(await read(subscription.id)).toMatchObject({ cancel_at_period_end: true });

    const fromPortal = await reactivate(new URL(app.services.config.checkoutHostUrl).origin);
    expect(fromPortal.status).toBe(200);
    expect(await read(subscription.id)).toMatchObject({ cancel_at_period_end: false });
  });

  it('email and phone change as the API changes them, with customer.updated', async () => {
    const { customer } = await subscribed(basic);
    const session = await portalOf(customer);
    const res = await visitor.POST('/v1/billing_portal/sessions/{id}/customer', {
      params: { path: { id: session.id } },
      body: { email: 'dana.levi@example.co.il', phone: '052-555-1234' },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data!.data.customer).toEqual({ name: 'Dana Levi', email: 'dana.levi@example.co.il', phone: '+972525551234' });
    expect((await eventsOf(customer)).map((event) => event.type)).toContain('customer.updated');
  });
});
