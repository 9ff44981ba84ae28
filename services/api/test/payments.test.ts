import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { ExpireHolds } from '../src/modules/payments/application/expire-holds';
import type { ProcessorDirectory } from '../src/modules/payments/application/ports/card-processor';
import { PAYMENTS } from '../src/modules/payments/payments.tokens';
import { CARDS, shopper, URLS } from './support/checkout';
import { MovableClock, startTestApp, type TestAccount, type TestApp } from './support/harness';
import { Receiver, sleep, waitFor } from './support/receiver';

const clock = new MovableClock();
const ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '20,20,20', JOB_POLL_INTERVAL_MS: '20', PAYMENT_ATTEMPT_STALE_MS: '300' };
const logs: string[] = [];
let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let everything: Receiver;
let succeededOnly: Receiver;
let customer: string;
let shirtPrice: string;
let pay: ReturnType<typeof shopper>;

beforeAll(async () => {
  app = await startTestApp(undefined, { clock, worker: true, env: ENV, logs });
  merchant = await app.createAccount('Payments shop', { walletsEnabled: true });
  api = app.client(merchant.testKey);
  pay = shopper(app);
  everything = await Receiver.start();
  succeededOnly = await Receiver.start();
  await api.POST('/v1/webhooks', { body: { url: everything.url, events: ['*'] } });
  await api.POST('/v1/webhooks', { body: { url: succeededOnly.url, events: ['charge.succeeded'] } });
  customer = (await api.POST('/v1/customers', { body: { name: 'Noa Cohen', email: 'noa@example.co.il', phone: '052-555-1234' } })).data!
    .data.id;
  const product = (await api.POST('/v1/products', { body: { name: 'Shirt' } })).data!.data.id;
  shirtPrice = (await api.POST('/v1/prices', { body: { product, unit_amount: 7900, currency: 'ils', type: 'one_time' } })).data!.data.id;
});
afterAll(async () => {
  await app.close();
  await everything.close();
  await succeededOnly.close();
});

async function session(body: Record<string, unknown> = {}, client = api, who = customer) {
  const res = await client.POST('/v1/checkout_sessions', {
    body: { customer: who, ...URLS, line_items: [{ name: 'Mug', amount_agorot: 3500, quantity: 2 }], ...body } as never,
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!.data;
}

const sql = (query: string, params: unknown[] = []) =>
  app.services.orm.em.fork().getConnection().execute(query.replace(/\$\d+/g, '?'), params);
const charge = async (id: string) => (await api.GET('/v1/charges/{id}', { params: { path: { id } } })).data!.data;
/** The types of the events about `objectId` the receiver got, in the order they were made (deliveries may arrive in any order). */
const eventsAt = (receiver: Receiver, objectId: string) =>
  receiver
    .events()
    .map((e) => e as unknown as { type: string; created: string; data: { id: string } })
    .filter((e) => e.data.id === objectId)
    .sort((a, b) => a.created.localeCompare(b.created))
    .map((e) => e.type);

async function chargeOf(sessionId: string): Promise<string> {
  return waitFor(
    "the session's charge",
    async () => (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: sessionId } } })).data!.data.charge ?? undefined,
  );
}

async function heldCharge(amount = 10_000, extra: Record<string, unknown> = {}) {
  const s = await session({ line_items: [{ name: 'Camera', amount_agorot: amount }], capture_method: 'manual', ...extra });
  const res = await pay.payWithCard(s.id);
  expect(res.data!.data.status).toBe('succeeded');
  return charge(await chargeOf(s.id));
}

describe('automatic capture', () => {
  it('a cart paid by card: charge.succeeded, the session completed, a document and a receipt', async () => {
    const s = await session();
    const res = await pay.payWithCard(s.id);
    expect(res.data!.data).toEqual({ status: 'succeeded', redirect_url: `https://shop.example.co.il/thanks?session=${s.id}` });
    const read = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data;
    expect(read.status).toBe('completed');
    const ch = await charge(read.charge!);
    expect(ch).toMatchObject({
      object: 'charge',
      customer,
      amount: 7000,
      amount_captured: 7000,
      amount_refunded: 0,
      currency: 'ils',
      status: 'succeeded',
      capture_method: 'automatic',
      captured: true,
      checkout_session: s.id.replace('co_', 'cs_'),
      livemode: false,
      line_items: [{ name: 'Mug', amount_agorot: 3500, quantity: 2, description: null, image_url: null, price: null, product: null }],
      payment_method_details: { type: 'card', wallet: null, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 } },
    });
    expect(ch).not.toHaveProperty('authorized_at');
    const document = (await api.GET('/v1/documents/{id}', { params: { path: { id: ch.document! } } })).data!.data;
    expect(document).toMatchObject({
      type: 'tax_invoice_receipt',
      charge: ch.id,
      customer,
      total: 7000,
      vat_rate: 18,
      vat_amount: 1068,
      amount_excluding_vat: 5932,
    });

    await waitFor('events', () => eventsAt(everything, ch.id).length === 1 && eventsAt(everything, s.id).length === 1);
    expect(eventsAt(everything, ch.id)).toEqual(['charge.succeeded']);
    expect(eventsAt(everything, s.id)).toEqual(['checkout_session.completed']);
    await waitFor('the charge.succeeded endpoint', () => eventsAt(succeededOnly, ch.id).length === 1);
    const emails = await waitFor('the receipt', async () => {
      const rows = await app.services.orm.em
        .fork()
        .getConnection()
        .execute('select * from email_outbox where key = ?', [`receipt:${ch.id}`]);
      return rows.length === 1 && rows;
    });
    expect(emails[0]).toMatchObject({ kind: 'receipt', recipient: 'noa@example.co.il', status: 'stored' });
  });

  it('a price session: the charge has no line_items', async () => {
    const s = await session({ price: shirtPrice, line_items: undefined });
    await pay.payWithCard(s.id);
    const ch = await charge(await chargeOf(s.id));
    expect(ch.amount).toBe(7900);
    expect(ch).not.toHaveProperty('line_items');
  });

  it('refuses a token that is not one (a lone surrogate, spaces) without harm: the session still pays', async () => {
    const s = await session();
    for (const token of ['\ud800', 'tok visa', 'tok_\u0000']) {
      const bad = await pay.confirm(s.id, { type: 'card', token });
      expect(bad.response.status).toBe(400);
      expect(bad.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'payment_method.token' });
    }
    const saved = await api.POST('/v1/payment_methods', { body: { customer, token: '\ud800' } });
    expect([saved.response.status, saved.error!.error.code, saved.error!.error.param]).toEqual([400, 'parameter_invalid', 'token']);
    expect((await pay.payWithCard(s.id)).data!.data.status).toBe('succeeded');
  });

  it('a repeated confirm of a paid session answers the same and charges nothing more', async () => {
    const s = await session();
    const token = await pay.token(s.id, CARDS.ok);
    const first = await pay.confirm(s.id, { type: 'card', token });
    const again = await pay.confirm(s.id, { type: 'card', token });
    expect(again.data!.data).toEqual(first.data!.data);
    const all = (await api.GET('/v1/charges', { params: { query: { limit: 100 } } })).data!.data.filter(
      (c) => c.checkout_session === s.id.replace('co_', 'cs_'),
    );
    expect(all).toHaveLength(1);
  });

  it('counts a redemption of each discount the paid checkout used', async () => {
    const rule = (await api.POST('/v1/discounts', { body: { name: 'Ten', code: 'PAYTEN', percent_off: 10 } })).data!.data;
    const s = await session({ coupon_codes: ['payten'] });
    expect(s.amount_due_now).toBe(6300);
    await pay.payWithCard(s.id);
    expect((await charge(await chargeOf(s.id))).amount).toBe(6300);
    expect((await api.GET('/v1/discounts/{id}', { params: { path: { id: rule.id } } })).data!.data.times_redeemed).toBe(1);
  });

  it('no document when create_document is false', async () => {
    const s = await session({ create_document: false });
    await pay.payWithCard(s.id);
    expect((await charge(await chargeOf(s.id))).document).toBeNull();
  });
});

describe('declines and 3-D Secure', () => {
  it.each([
    ['declined', CARDS.declined, 'card_declined', 'הכרטיס נדחה. נסו כרטיס אחר.'],
    ['short of funds', CARDS.insufficientFunds, 'insufficient_funds', 'אין מספיק יתרה בכרטיס. נסו כרטיס אחר.'],
  ])(
    'a %s card: failed with a reason the shopper can read, charge.failed, and the session stays open',
    async (_name, number, code, message) => {
      const s = await session();
      const res = await pay.payWithCard(s.id, number);
      expect(res.data!.data).toEqual({ status: 'failed', failure: { code, message } });
      const failed = (await api.GET('/v1/charges', { params: { query: { status: 'failed', limit: 100 } } })).data!.data.find(
        (c) => c.checkout_session === s.id.replace('co_', 'cs_'),
      )!;
      expect(failed).toMatchObject({ status: 'failed', failure_code: code, captured: false, amount_captured: null });
      await waitFor('charge.failed', () => eventsAt(everything, failed.id).length === 1);
      expect(eventsAt(everything, failed.id)).toEqual(['charge.failed']);
      expect(eventsAt(succeededOnly, failed.id)).toEqual([]);
      expect((await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data.status).toBe('pending');
      expect((await pay.payWithCard(s.id)).data!.data.status).toBe('succeeded');
    },
  );

  it('a card the issuer does not challenge records no 3-D Secure check', async () => {
    const s = await session({ locale: 'en' });
    await pay.payWithCard(s.id);
    expect(await charge(await chargeOf(s.id))).toMatchObject({ payment_method_details: { three_d_secure: null } });
  });

  it('a challenged card asks for 3-D Secure, then succeeds when authenticated', async () => {
    const s = await session({ locale: 'en' });
    const first = await pay.payWithCard(s.id, CARDS.threeDSecure);
    expect(first.data!.data).toMatchObject({ status: 'requires_action', next_action: { type: 'three_d_secure' } });
    const done = await pay.threeDSecure(s.id, first.data!.data.next_action!.challenge_id, 'authenticated');
    expect(done.data!.data).toEqual({ status: 'succeeded', redirect_url: expect.stringContaining(s.id) });
    expect(await charge(await chargeOf(s.id))).toMatchObject({
      status: 'succeeded',
      payment_method_details: { three_d_secure: { result: 'authenticated', version: '2.2.0' } },
    });
  });

  it('a failed challenge is a decline the shopper can read, and the session stays open', async () => {
    const s = await session({ locale: 'en' });
    const first = await pay.payWithCard(s.id, CARDS.threeDSecure);
    const done = await pay.threeDSecure(s.id, first.data!.data.next_action!.challenge_id, 'failed');
    expect(done.data!.data).toEqual({
      status: 'failed',
      failure: { code: 'authentication_failed', message: 'Authentication failed. Try again or use another card.' },
    });
    const failed = (await api.GET('/v1/charges', { params: { query: { status: 'failed', limit: 100 } } })).data!.data.find(
      (candidate) => candidate.checkout_session === s.id.replace('co_', 'cs_'),
    );
    expect(failed).toMatchObject({
      status: 'failed',
      failure_code: 'authentication_failed',
      payment_method_details: { three_d_secure: { result: 'failed', version: '2.2.0' } },
    });
    const wrong = await pay.threeDSecure(s.id, 'not-a-challenge', 'authenticated');
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.error.code).toBe('challenge_not_found');
  });
});

describe('manual capture (J5)', () => {
  it('authorizes a hold: requires_capture, charge.authorized only, no document yet', async () => {
    const ch = await heldCharge(10_000);
    expect(ch).toMatchObject({
      status: 'requires_capture',
      capture_method: 'manual',
      captured: false,
      amount_captured: null,
      document: null,
    });
    expect(Date.parse(ch.capturable_until!) - Date.parse(ch.authorized_at!)).toBe(7 * 24 * 3600 * 1000);
    await waitFor('charge.authorized', () => eventsAt(everything, ch.id).length === 1);
    await sleep(200);
    expect(eventsAt(everything, ch.id)).toEqual(['charge.authorized']);
    expect(eventsAt(succeededOnly, ch.id)).toEqual([]);
  });

  it('captures in full: charge.captured, the document and the receipt', async () => {
    const ch = await heldCharge(10_000);
    const res = await api.POST('/v1/charges/{id}/capture', { params: { path: { id: ch.id } } });
    expect(res.data!.data).toMatchObject({ status: 'succeeded', captured: true, amount_captured: 10_000 });
    const document = (await api.GET('/v1/documents/{id}', { params: { path: { id: res.data!.data.document! } } })).data!.data;
    expect(document.total).toBe(10_000);
    await waitFor('charge.captured', () => eventsAt(everything, ch.id).length === 2);
    expect(eventsAt(everything, ch.id)).toEqual(['charge.authorized', 'charge.captured']);
    expect(eventsAt(succeededOnly, ch.id)).toEqual([]);
  });

  it('captures in part and releases the rest', async () => {
    const ch = await heldCharge(10_000);
    const res = await api.POST('/v1/charges/{id}/capture', { params: { path: { id: ch.id } }, body: { amount: 6_000 } });
    expect(res.data!.data).toMatchObject({ status: 'succeeded', amount: 10_000, amount_captured: 6_000 });
    const document = (await api.GET('/v1/documents/{id}', { params: { path: { id: res.data!.data.document! } } })).data!.data;
    expect(document.total).toBe(6_000);
  });

  it('refuses a capture above the hold, twice, or after a cancel; a cancel twice', async () => {
    const ch = await heldCharge(5_000);
    const above = await api.POST('/v1/charges/{id}/capture', { params: { path: { id: ch.id } }, body: { amount: 5_001 } });
    expect(above.response.status).toBe(400);
    expect(above.error!.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    expect((await api.POST('/v1/charges/{id}/capture', { params: { path: { id: ch.id } } })).response.status).toBe(200);
    const twice = await api.POST('/v1/charges/{id}/capture', { params: { path: { id: ch.id } } });
    expect(twice.response.status).toBe(409);
    expect(twice.error!.error.code).toBe('charge_not_capturable');

    const other = await heldCharge(5_000);
    const canceled = await api.POST('/v1/charges/{id}/cancel', {
      params: { path: { id: other.id } },
      body: { cancellation_reason: 'requested_by_customer' },
    });
    expect(canceled.data!.data).toMatchObject({ status: 'canceled', cancellation_reason: 'requested_by_customer' });
    expect((await api.POST('/v1/charges/{id}/cancel', { params: { path: { id: other.id } } })).error!.error.code).toBe(
      'charge_not_capturable',
    );
    expect((await api.POST('/v1/charges/{id}/capture', { params: { path: { id: other.id } } })).error!.error.code).toBe(
      'charge_not_capturable',
    );
    await waitFor('charge.canceled', () => eventsAt(everything, other.id).length === 2);
    expect(eventsAt(everything, other.id)).toEqual(['charge.authorized', 'charge.canceled']);
  });

  it('refuses a capture after the seven days and cancels the hold as expired', async () => {
    const ch = await heldCharge(5_000);
    clock.advance(7 * 24 * 3600 * 1000 + 1000);
    try {
      const late = await api.POST('/v1/charges/{id}/capture', { params: { path: { id: ch.id } } });
      expect(late.response.status).toBe(409);
      expect(late.error!.error.code).toBe('charge_expired');
      expect(await charge(ch.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'expired' });
      await waitFor('charge.canceled', () => eventsAt(everything, ch.id).length === 2);
    } finally {
      clock.advance(-(7 * 24 * 3600 * 1000 + 1000));
    }
  });

  it('the daily sweep cancels expired holds', async () => {
    const ch = await heldCharge(5_000);
    clock.advance(8 * 24 * 3600 * 1000);
    try {
      const expired = await app.services.inContext(() => app.services.container.get(ExpireHolds).execute());
      expect(expired).toBeGreaterThanOrEqual(1);
      expect(await charge(ch.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'expired' });
    } finally {
      clock.advance(-8 * 24 * 3600 * 1000);
    }
  });

  it('capture and cancel racing 50 times: one winner and one event each time', async () => {
    const holds: Awaited<ReturnType<typeof heldCharge>>[] = [];
    for (let i = 0; i < 50; i++) holds.push(await heldCharge(1_000 + i));
    const results = await Promise.all(
      holds.map((h) =>
        Promise.all([
          api.POST('/v1/charges/{id}/capture', { params: { path: { id: h.id } } }),
          api.POST('/v1/charges/{id}/cancel', { params: { path: { id: h.id } } }),
        ]),
      ),
    );
    for (const [capture, cancel] of results) {
      expect([capture.response.status, cancel.response.status].sort()).toEqual([200, 409]);
    }
    await waitFor('every ending event', () => holds.every((h) => eventsAt(everything, h.id).length === 2), 30_000);
    await sleep(300);
    for (const [i, h] of holds.entries()) {
      const [capture] = results[i];
      const ending = eventsAt(everything, h.id)[1];
      expect(ending).toBe(capture.response.status === 200 ? 'charge.captured' : 'charge.canceled');
      expect(eventsAt(everything, h.id)).toHaveLength(2);
    }
  });

  it('does not take saved cards or wallets', async () => {
    const s = await session({ capture_method: 'manual' });
    const saved = await pay.confirm(s.id, { type: 'saved_card', payment_method: 'pm_x' });
    expect(saved.error!.error.code).toBe('saved_card_not_allowed');
    const wallet = await pay.confirm(s.id, { type: 'wallet', wallet: 'apple_pay', token: 'wallet_tok_visa' });
    expect(wallet.error!.error.code).toBe('wallet_not_allowed');
  });
});

describe('money moves once', () => {
  it('twenty parallel confirms make one charge, one processor authorization and one event', async () => {
    const s = await session();
    const token = await pay.token(s.id, CARDS.ok);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay.confirm(s.id, { type: 'card', token })));
    for (const answer of answers) expect(answer.data!.data.status).toBe('succeeded');
    const charges = (await api.GET('/v1/charges', { params: { query: { limit: 100 } } })).data!.data.filter(
      (c) => c.checkout_session === s.id.replace('co_', 'cs_'),
    );
    expect(charges).toHaveLength(1);
    const ledger = await app.services.orm.em
      .fork()
      .getConnection()
      .execute("select count(*)::int as n from sim_ledger where operation = 'authorize' and request->>'reference' = ?", [s.id]);
    expect(ledger[0].n).toBe(1);
    await waitFor('the event', () => eventsAt(everything, charges[0].id).length === 1);
    await sleep(300);
    expect(eventsAt(everything, charges[0].id)).toEqual(['charge.succeeded']);
  });

  it("confirms in flight together are answered by their own card, or told to wait: never by another card's outcome", async () => {
    // The processor takes a moment, so the good cards arrive while the declined one is in flight.
    const slow = await startTestApp(app.databaseUrl, { env: { ...ENV, SIMULATED_PROCESSOR_LATENCY_MS: '1000' } });
    try {
      const shopperAtSlow = shopper(slow);
      const s = await session();
      const declinedToken = await pay.token(s.id, CARDS.declined);
      const goodTokens = await Promise.all(Array.from({ length: 10 }, () => pay.token(s.id, CARDS.ok)));
      const declined = shopperAtSlow.confirm(s.id, { type: 'card', token: declinedToken });
      await waitFor('the declined card to be in flight', async () => {
        const rows = await sql('select count(*)::int as n from money_intents where subject_id = $1', [s.id]);
        return rows[0].n === 1;
      });
      const goods = await Promise.all(goodTokens.map((token) => shopperAtSlow.confirm(s.id, { type: 'card', token })));

      expect((await declined).data!.data).toMatchObject({ status: 'failed', failure: { code: 'card_declined' } });
      for (const answer of goods) {
        if (answer.response.status === 409)
          expect(answer.error!.error).toMatchObject({ code: 'payment_in_progress', param: 'payment_method' });
        else expect(answer.data!.data.status).toBe('succeeded');
      }
      expect(goods.filter((answer) => answer.response.status === 409).length).toBeGreaterThan(0);
      const charges = (await api.GET('/v1/charges', { params: { query: { limit: 100 } } })).data!.data.filter(
        (c) => c.checkout_session === s.id.replace('co_', 'cs_'),
      );
      expect(charges.map((c) => c.status).sort()).toEqual(
        goods.some((a) => a.response.status === 200) ? ['failed', 'succeeded'] : ['failed'],
      );
    } finally {
      await slow.close();
    }
  });

  it("parallel confirms of a subscription with fresh cards save one card, the winning attempt's, and charge once", async () => {
    const product = (await api.POST('/v1/products', { body: { name: 'Club' } })).data!.data.id;
    const monthly = (
      await api.POST('/v1/prices', {
        body: { product, unit_amount: 4_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    const subscriber = (await api.POST('/v1/customers', { body: { name: 'Yael Parallel' } })).data!.data.id;
    const res = await api.POST('/v1/checkout_sessions', { body: { customer: subscriber, price: monthly, ...URLS } });
    const s = res.data!.data;
    const tokens = await Promise.all(Array.from({ length: 20 }, () => pay.token(s.id, CARDS.ok)));
    const answers = await Promise.all(tokens.map((token) => pay.confirm(s.id, { type: 'card', token })));

    for (const answer of answers) {
      if (answer.response.status === 409) expect(answer.error!.error.code).toBe('payment_in_progress');
      else expect(answer.data!.data.status).toBe('succeeded');
    }
    const saved = (await api.GET('/v1/customers/{id}/payment_methods', { params: { path: { id: subscriber } } })).data!.data;
    expect(saved).toHaveLength(1);
    const charges = (await api.GET('/v1/charges', { params: { query: { customer: subscriber } } })).data!.data;
    expect(charges.map((c) => c.status)).toEqual(['succeeded']);
    const subscriptions = (await api.GET('/v1/subscriptions', { params: { query: { customer: subscriber } } })).data!.data;
    expect(subscriptions.map((sub) => [sub.status, sub.payment_method])).toEqual([['active', saved[0].id]]);
  });

  it('a repeated confirm with the card being challenged (3-D Secure) answers the same challenge', async () => {
    const s = await session();
    const token = await pay.token(s.id, CARDS.threeDSecure);
    const first = await pay.confirm(s.id, { type: 'card', token });
    const again = await pay.confirm(s.id, { type: 'card', token });
    expect(first.data!.data.status).toBe('requires_action');
    expect(again.data!.data).toEqual(first.data!.data);
    const challenge = first.data!.data.next_action!.challenge_id;
    expect((await pay.threeDSecure(s.id, challenge, 'authenticated')).data!.data.status).toBe('succeeded');
  });

  it('a crash right after the processor call is reconciled by the retry: still one charge', async () => {
    // A second API process on the same database, which dies between the processor's answer and the commit.
    const crashing = await startTestApp(app.databaseUrl, { env: { ...ENV, TEST_FAULTS: 'after_processor_call' } });
    try {
      const s = await session();
      const token = await pay.token(s.id, CARDS.ok);
      const crashed = await fetch(`${crashing.baseUrl}/v1/checkout_sessions/${s.id}/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ payment_method: { type: 'card', token } }),
      });
      expect(crashed.status).toBe(500);
      expect((await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data.status).toBe('pending');

      const retried = await pay.confirm(s.id, { type: 'card', token });
      expect(retried.data!.data.status).toBe('succeeded');
      const charges = (await api.GET('/v1/charges', { params: { query: { limit: 100 } } })).data!.data.filter(
        (c) => c.checkout_session === s.id.replace('co_', 'cs_'),
      );
      expect(charges).toHaveLength(1);
      const ledger = await app.services.orm.em
        .fork()
        .getConnection()
        .execute("select count(*)::int as n from sim_ledger where operation = 'authorize' and request->>'reference' = ?", [s.id]);
      expect(ledger[0].n).toBe(1);
    } finally {
      await crashing.close();
    }
  });
});

describe('refunds', () => {
  async function paidCharge(amount: number) {
    const s = await session({ line_items: [{ name: 'Lamp', amount_agorot: amount }] });
    await pay.payWithCard(s.id);
    return charge(await chargeOf(s.id));
  }

  it('refunds in part, then the rest, each with a credit document and charge.refunded', async () => {
    const ch = await paidCharge(10_000);
    const first = await api.POST('/v1/charges/{id}/refunds', {
      params: { path: { id: ch.id } },
      body: { amount: 3_000, reason: 'requested_by_customer' },
    });
    expect(first.data!.data).toMatchObject({
      object: 'refund',
      charge: ch.id,
      amount: 3_000,
      currency: 'ils',
      status: 'succeeded',
      reason: 'requested_by_customer',
    });
    expect(first.data!.data.id).toMatch(/^re_/);
    const credit = (await api.GET('/v1/documents/{id}', { params: { path: { id: first.data!.data.document! } } })).data!.data;
    expect(credit).toMatchObject({ type: 'credit_invoice', total: -3_000, refund: first.data!.data.id, charge: ch.id });
    const rest = await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: ch.id } } });
    expect(rest.data!.data.amount).toBe(7_000);
    expect((await charge(ch.id)).amount_refunded).toBe(10_000);
    const more = await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: ch.id } }, body: { amount: 1 } });
    expect(more.response.status).toBe(409);
    expect(more.error!.error.code).toBe('charge_not_refundable');
    expect((await api.GET('/v1/refunds', { params: { query: { charge: ch.id } } })).data!.data.map((r) => r.amount)).toEqual([
      7_000, 3_000,
    ]);
    await waitFor('charge.refunded twice', () => eventsAt(everything, ch.id).filter((t) => t === 'charge.refunded').length === 2);
  });

  it('never refunds more than was captured, even when refunds race', async () => {
    const ch = await paidCharge(5_000);
    const over = await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: ch.id } }, body: { amount: 5_001 } });
    expect(over.error!.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => api.POST('/v1/charges/{id}/refunds', { params: { path: { id: ch.id } }, body: { amount: 1_000 } })),
    );
    expect(racing.filter((r) => r.response.status === 200)).toHaveLength(5);
    expect((await charge(ch.id)).amount_refunded).toBe(5_000);
  });

  it('refuses a refund of a hold that was not captured', async () => {
    const ch = await heldCharge(2_000);
    const res = await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: ch.id } } });
    expect(res.response.status).toBe(409);
    expect(res.error!.error.code).toBe('charge_not_refundable');
  });
});

describe('the simulated processor', () => {
  it('records a capture, a void and a refund once per key, however often and however concurrently it is asked', async () => {
    const processor = await app.services.container
      .get<ProcessorDirectory>(PAYMENTS.Processors)
      .forScope({ accountId: 'acct_any', livemode: false });
    const key = (operation: string) => `sim-once-${operation}-${Date.now()}`;
    const keys = { capture: key('capture'), void: key('void'), refund: key('refund') };
    await Promise.all(
      Array.from({ length: 5 }, () =>
        Promise.all([
          processor.capture({ idempotencyKey: keys.capture, processorRef: 'sim_ch_once', amount: 1_000 }),
          // Another hold: a void and a capture of one hold at once are a race the processor settles either way.
          processor.void({ idempotencyKey: keys.void, processorRef: 'sim_ch_other' }),
          processor.refund({ idempotencyKey: keys.refund, processorRef: 'sim_ch_once', amount: 500 }),
        ]),
      ),
    );
    const rows = await app.services.orm.em
      .fork()
      .getConnection()
      .execute(
        'select operation, count(*)::int as n from sim_ledger where idempotency_key in (?, ?, ?) group by operation order by operation',
        Object.values(keys),
      );
    expect(rows).toEqual([
      { operation: 'capture', n: 1 },
      { operation: 'refund', n: 1 },
      { operation: 'void', n: 1 },
    ]);
  });

  it('records every one of many calls made at once, each with what it asked', async () => {
    const processor = await app.services.container
      .get<ProcessorDirectory>(PAYMENTS.Processors)
      .forScope({ accountId: 'acct_any', livemode: false });
    const run = `sim-many-${Date.now()}`;
    const calls = Array.from({ length: 40 }, (_, i) => ({ idempotencyKey: `${run}-${i}`, processorRef: `sim_ch_${run}_${i}` }));
    await Promise.all(calls.map((call, i) => (i % 2 === 0 ? processor.void(call) : processor.capture({ ...call, amount: 100 + i }))));
    const rows: Array<{ key: string }> = await app.services.orm.em
      .fork()
      .getConnection()
      .execute(
        `select idempotency_key as key, operation, request->>'processorRef' as ref, (request->>'amount')::int as amount from sim_ledger where
          idempotency_key like ?`,
        [`${run}-%`],
      );
    const byKey = new Map(rows.map((row) => [row.key, row]));
    expect(byKey.size).toBe(40);
    calls.forEach((call, i) => {
      expect(byKey.get(call.idempotencyKey)).toEqual({
        key: call.idempotencyKey,
        operation: i % 2 === 0 ? 'void' : 'capture',
        ref: call.processorRef,
        amount: i % 2 === 0 ? null : 100 + i,
      });
    });
    for (const call of calls) expect(await processor.lookup(call.idempotencyKey)).not.toBeNull();
  });
});

describe('finding charges', () => {
  it('by the card’s last four digits, the day in Israel, the amount and the customer; and the events of one', async () => {
    const buyer = (await api.POST('/v1/customers', { body: { name: 'Yael Cohen', email: 'yael@example.co.il' } })).data!.data.id;
    const paid = async (amount: number, card: string) => {
      const s = await session({ line_items: [{ name: 'Lamp', amount_agorot: amount }] }, api, buyer);
      expect((await pay.payWithCard(s.id, card)).data!.data.status).toBe('succeeded');
      return chargeOf(s.id);
    };
    const visa = await paid(1_000, CARDS.ok);
    const mastercard = await paid(25_000, '5555 5555 5555 4444');
    const list = async (query: Record<string, unknown>) =>
      (await api.GET('/v1/charges', { params: { query: { customer: buyer, ...query } } })).data!.data.map((c) => c.id);
    expect(await list({})).toEqual([mastercard, visa]);
    expect(await list({ last4: '4444' })).toEqual([mastercard]);
    expect(await list({ last4: '4242' })).toEqual([visa]);
    expect(await list({ amount_min: 20_000 })).toEqual([mastercard]);
    expect(await list({ amount_max: 1_000 })).toEqual([visa]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());
    expect(await list({ created_from: today, created_to: today })).toEqual([mastercard, visa]);
    expect(await list({ created_to: '2020-01-01' })).toEqual([]);
    const bad = await api.GET('/v1/charges', { params: { query: { last4: '42' } } });
    expect(bad.error?.error).toMatchObject({ code: 'parameter_invalid', param: 'last4' });

    await waitFor(
      'the charge event',
      async () => (await api.GET('/v1/events', { params: { query: { object: mastercard } } })).data!.data.length,
    );
    const events = (await api.GET('/v1/events', { params: { query: { object: mastercard } } })).data!.data;
    expect(events.every((e) => (e.data as { id: string }).id === mastercard)).toBe(true);
    expect(events.map((e) => e.type)).toContain('charge.succeeded');
  });
});
