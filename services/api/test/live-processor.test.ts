import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { UpdateAccountSettings } from '../src/modules/accounts/application/update-account-settings';
import { RenewDueSubscriptions } from '../src/modules/subscriptions/application/renew-due-subscriptions';
import { TranzilaConnector } from '../src/modules/payments/infrastructure/processors/tranzila/tranzila.connector';
import { startTranzilaTwin, type TranzilaTwin } from '../twins/tranzila/twin';
import { chargeInHostedFields, shopper, URLS } from './support/checkout';
import { ReconcileMoneyIntents } from '../src/modules/payments';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { sleep } from './support/receiver';
import { reconcile } from '../src/main/reconciler';

// A live account on Tranzila's twin: connecting the terminal, going live, and every money flow of a
// checkout through the Tranzila connector, each call once in the twin's ledger; then a scan of every
// table and log line for the credentials and the card.
const TERMINAL = 'olivegrove';
const FIRST = { terminal: TERMINAL, appKey: 'tz_app_first_0001', secret: 'tz-secret-first-Q7w9e2r4t6y8' };
const ROTATED = { terminal: TERMINAL, appKey: 'tz_app_second_0002', secret: 'tz-secret-second-Z1x3c5v7b9n0' };
const CARD = '4444333322221111';
const PROFILE = {
  legal_name: 'Olive Grove Ltd',
  business_number: '516179157',
  dealer_type: 'company' as const,
  address: { line1: 'Herzl 12', city: 'Haifa', postal_code: '3303101' },
  email: 'books@olive.example.co.il',
  phone: '04-555-1234',
};

const logs: string[] = [];
let twin: TranzilaTwin;
let app: TestApp;
let merchant: TestAccount;
let live: KupaClient;
let customer: string;
let testCustomer: string;
let pay: ReturnType<typeof shopper>;

beforeAll(async () => {
  twin = await startTranzilaTwin({ terminals: [FIRST, ROTATED] });
  app = await startTestApp(undefined, {
    logs,
    env: { TRANZILA_API_URL: twin.url, PROCESSOR_TIMEOUT_MS: '2000', PAYMENT_ATTEMPT_STALE_MS: '300' },
  });
  merchant = await app.createAccount('Olive Grove');
  live = app.client(merchant.liveKey);
  pay = shopper(app);
});
afterAll(async () => {
  await app?.close();
  await twin?.close();
});

const connect = (client: KupaClient, credentials: { appKey: string; secret: string }) =>
  client.POST('/v1/account/processor', {
    body: { name: 'tranzila', terminal: TERMINAL, credentials: { app_key: credentials.appKey, secret: credentials.secret } },
  });
const onboard = (accountId: string) =>
  app.services.inContext(() => app.services.container.get(UpdateAccountSettings).execute({ accountId, liveOnboarded: true }));
/** The twin's transactions that moved or held money (a J2 card check moves none). */
const approved = () => twin.ledger.filter((transaction) => transaction.responseCode === '000' && transaction.verifyMode !== 2);

describe('connecting a live processor', () => {
  it('is refused to a test key, to a checkout key and with credentials Tranzila refuses; nothing is kept', async () => {
    const test = await connect(app.client(merchant.testKey), FIRST);
    expect(test.response.status).toBe(400);
    expect(test.error!.error.code).toBe('livemode_required');
    const checkoutKey = await app.issueKey(merchant.id, { livemode: true, scope: 'checkout' });
    expect((await connect(app.client(checkoutKey), FIRST)).response.status).toBe(403);
    const wrong = await connect(live, { appKey: FIRST.appKey, secret: 'not-the-secret' });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.error.code).toBe('processor_credentials_invalid');
    expect((await live.GET('/v1/account')).data!.data.processor).toBeNull();
  });

  it('checks the credentials and the terminal, keeps them with the name of user field 20, and answers the terminal and capabilities without them', async () => {
    const searches = twin.ledger.length;
    const res = await connect(live, FIRST);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(twin.ledger.length).toBe(searches);
    expect(res.data!.data).toMatchObject({
      object: 'processor_connection',
      name: 'tranzila',
      terminal: TERMINAL,
      livemode: true,
      capabilities: {
        partial_capture: true,
        three_d_secure: false,
        wallets: [],
        amount_unit: 'shekels',
        card_collection: 'hosted_fields',
        bit_page: { minimum_amount: 501 },
        installments: { kinds: ['payments'], max: 36 },
        hold_window_seconds: 5 * 86_400,
      },
    });
    const [kept] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select settings from processor_connections where account_id = ?', [merchant.id]);
    expect(kept.settings).toEqual({ key_field: 'order_ref' });
    const text = JSON.stringify(res.data);
    expect(text).not.toContain(FIRST.secret);
    expect(text).not.toContain(FIRST.appKey);
    expect((await live.GET('/v1/account')).data!.data.processor).toMatchObject({ name: 'tranzila', terminal: TERMINAL });
    expect((await app.client(merchant.testKey).GET('/v1/account')).data!.data.processor).toMatchObject({
      name: 'simulated',
      terminal: null,
      capabilities: { three_d_secure: true },
    });
  });
});

describe('going live', () => {
  it('names what is missing: the business profile, then the processor', async () => {
    const other = await app.createAccount('Not yet');
    await expect(onboard(other.id)).rejects.toMatchObject({ code: 'business_profile_required' });
    await app.client(other.liveKey).POST('/v1/account', { body: { business_profile: PROFILE } });
    await expect(onboard(other.id)).rejects.toMatchObject({ code: 'processor_required' });
    await app.client(other.liveKey).POST('/v1/account/processor', {
      body: { name: 'tranzila', terminal: TERMINAL, credentials: { app_key: FIRST.appKey, secret: FIRST.secret } },
    });
    await expect(onboard(other.id)).resolves.toMatchObject({ liveOnboarded: true });
  });

  it('is done once both are there', async () => {
    await live.POST('/v1/account', { body: { business_profile: PROFILE } });
    expect((await onboard(merchant.id)).liveOnboarded).toBe(true);
    customer = (await live.POST('/v1/customers', { body: { name: 'Dana Levi', email: 'dana@example.co.il' } })).data!.data.id;
    testCustomer = (await app.client(merchant.testKey).POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;
  });
});

describe('live money through Tranzila', () => {
  async function session(body: Record<string, unknown>) {
    const res = await live.POST('/v1/checkout_sessions', { body: { customer, ...URLS, ...body } as never });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    return res.data!.data;
  }
  const chargeOf = async (sessionId: string) => {
    const id = (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: sessionId } } })).data!.data.charge!;
    return (await live.GET('/v1/charges/{id}', { params: { path: { id } } })).data!.data;
  };

  it('pays in installments: one debit in the twin, with its payments, and a live charge', async () => {
    const s = await session({ line_items: [{ name: 'Olive oil set', amount_agorot: 30_000 }], installments: { max: 6 } });
    const before = approved().length;
    const { reported } = await pay.payInHostedFields(s.id, twin.url, CARD, { installments: 3 });
    expect(reported!.data!.data.status, JSON.stringify(reported!.data ?? reported!.error)).toBe('succeeded');
    const charge = await chargeOf(s.id);
    expect(charge).toMatchObject({ status: 'succeeded', amount: 30_000, livemode: true, installments: 3 });
    // The brand and last four the fields showed, for the receipt.
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '1111' });
    const debits = approved()
      .slice(before)
      .filter((transaction) => transaction.txnType === 'debit');
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amount: 30_000, paymentPlan: 8, installments: 3 });
  });

  it('holds (J5), captures in part and refunds, each once in the twin', async () => {
    const s = await session({ line_items: [{ name: 'Camera', amount_agorot: 10_000 }], capture_method: 'manual' });
    expect((await pay.payInHostedFields(s.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    const held = await chargeOf(s.id);
    expect(held.status).toBe('requires_capture');
    expect(new Date(held.capturable_until!).getTime() - new Date(held.created).getTime()).toBe(5 * 86_400_000);
    const captured = await live.POST('/v1/charges/{id}/capture', { params: { path: { id: held.id } }, body: { amount: 6_000 } });
    expect(captured.data!.data).toMatchObject({ status: 'succeeded', amount_captured: 6_000 });
    const refund = await live.POST('/v1/charges/{id}/refunds', { params: { path: { id: held.id } }, body: { amount: 2_500 } });
    expect(refund.response.status, JSON.stringify(refund.error)).toBe(200);
    const mine = approved().filter((transaction) => transaction.referenceTxnId !== null);
    expect(mine.filter((transaction) => transaction.txnType === 'force').map((transaction) => transaction.amount)).toEqual([6_000]);
    expect(mine.filter((transaction) => transaction.txnType === 'credit').map((transaction) => transaction.amount)).toEqual([2_500]);
    const over = await live.POST('/v1/charges/{id}/refunds', { params: { path: { id: held.id } }, body: { amount: 3_501 } });
    expect(over.error!.error.code).toBe('amount_too_large');
  });

  it("records Tranzila's final no to a refund or a capture: the charge stays as it was, and nothing is left in flight", async () => {
    // The terminal's money moved outside Kupa (in Tranzila's own console, say), so Tranzila refuses what Kupa asks next.
    const outside = new TranzilaConnector(FIRST, {
      apiUrl: twin.url,
      reportUrl: twin.url,
      hostedFieldsUrl: `${twin.url}/hosted-fields/thostedf.js`,
      timeoutMs: 2_000,
      fingerprintSecret: 'outside',
    });
    const sql = (query: string, params: unknown[]) => app.services.orm.em.fork().getConnection().execute(query, params);
    const refOf = async (chargeId: string) =>
      (await sql('select processor_ref from charges where id = ?', [chargeId]))[0].processor_ref as string;

    const s = await session({ line_items: [{ name: 'Vase', amount_agorot: 10_000 }] });
    expect((await pay.payInHostedFields(s.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    const sale = await chargeOf(s.id);
    await outside.refund({ idempotencyKey: `outside_${sale.id}`, processorRef: await refOf(sale.id), amount: 10_000 });
    const refund = () =>
      fetch(`${app.baseUrl}/v1/charges/${sale.id}/refunds`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${merchant.liveKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': `refund-${sale.id}`,
        },
        body: JSON.stringify({ amount: 4_000 }),
      });
    for (const answer of [await refund(), await refund()]) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('amount_too_large');
    }
    expect(await chargeOf(s.id)).toMatchObject({ amount_refunded: 0, status: 'succeeded' });

    const h = await session({ line_items: [{ name: 'Drone', amount_agorot: 20_000 }], capture_method: 'manual' });
    expect((await pay.payInHostedFields(h.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    const held = await chargeOf(h.id);
    await outside.capture({ idempotencyKey: `outside_${held.id}`, processorRef: await refOf(held.id), amount: 20_000 });
    const capture = await live.POST('/v1/charges/{id}/capture', { params: { path: { id: held.id } } });
    expect(capture.error!.error.code).toBe('charge_not_capturable');
    expect(await chargeOf(h.id)).toMatchObject({ status: 'requires_capture', amount_captured: null });

    const operations = await sql(`select kind, status from money_intents where subject_id in (?, ?) order by kind`, [sale.id, held.id]);
    expect(operations).toEqual([
      { kind: 'capture', status: 'failed' },
      { kind: 'refund', status: 'failed' },
    ]);
  });

  it('refuses at creation what Tranzila lacks (a wallet that opens itself), and the page offers no wallet token', async () => {
    await app.services.inContext(() =>
      app.services.container.get(UpdateAccountSettings).execute({ accountId: merchant.id, walletsEnabled: true }),
    );
    const wallets = await live.POST('/v1/checkout_sessions', {
      body: { customer, ...URLS, line_items: [{ name: 'Mug', amount_agorot: 3_500 }], auto_open_wallets: true } as never,
    });
    expect(wallets.error!.error).toMatchObject({ code: 'not_supported_by_processor', param: 'auto_open_wallets' });
    const s = await session({ line_items: [{ name: 'Mug', amount_agorot: 3_500 }] });
    const page = await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: s.id } } });
    expect(page.data!.data.payment_options.wallets).toEqual([]);
  });

  it('tells the shopper of a decline in their language, and moves no money', async () => {
    const s = await session({ line_items: [{ name: 'Mug', amount_agorot: 3_500 }], locale: 'he' });
    const before = approved().length;
    const res = (await pay.payInHostedFields(s.id, twin.url, '4000000000000002')).reported!;
    expect(res.data!.data).toMatchObject({ status: 'failed', failure: { code: 'card_declined' } });
    expect(res.data!.data.failure!.message).toMatch(/[\u0590-\u05FF]/);
    expect(approved().length).toBe(before);
    // The session stays open for another card, which pays.
    expect((await pay.payInHostedFields(s.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    expect(approved().length).toBe(before + 1);
  });

  it('survives an answer lost after Tranzila approved: the report names no transaction, and the payment is found by its key, once', async () => {
    const s = await session({ line_items: [{ name: 'Lost answer', amount_agorot: 4_200 }] });
    const asked = await pay.confirm(s.id, { type: 'hosted_fields' });
    const { challenge_id: challengeId, charge } = asked.data!.data.next_action!;
    twin.fault('lost');
    const before = approved().length;
    await expect(chargeInHostedFields(twin.url, charge!, CARD)).rejects.toThrow();
    const res = await pay.reportHostedCharge(s.id, challengeId, {}, null);
    expect(res.data!.data.status, JSON.stringify(res.data ?? res.error)).toBe('succeeded');
    expect(approved().length - before).toBe(1);
    expect((await chargeOf(s.id)).amount).toBe(4_200);
  });

  it('when the fields could not charge (Tranzila down), the report ends the payment with nothing moved, and the next one pays once', async () => {
    const s = await session({ line_items: [{ name: 'Outage', amount_agorot: 5_100 }] });
    twin.fault('error');
    const before = approved().length;
    const down = await pay.payInHostedFields(s.id, twin.url, CARD);
    expect(down.charged!.transaction_response).toBeUndefined();
    expect(down.reported!.data!.data).toMatchObject({ status: 'failed', failure: { code: 'processing_error' } });
    const again = await pay.payInHostedFields(s.id, twin.url, CARD);
    expect(again.reported!.data!.data.status, JSON.stringify(again.reported!.data ?? again.reported!.error)).toBe('succeeded');
    expect(approved().length - before).toBe(1);
    const charges = (await live.GET('/v1/charges', { params: { query: { limit: 100 } } })).data!.data.filter(
      (charge) => charge.line_items?.[0]?.name === 'Outage',
    );
    expect(charges.map((charge) => charge.status)).toEqual(['succeeded']);
  });

  it("locks each attempt's amount: a coupon that changes the total gets a new lock, and the old one pays nothing", async () => {
    await live.POST('/v1/discounts', { body: { name: 'Ten off', code: 'TEN', percent_off: 10 } as never });
    const s = await session({ line_items: [{ name: 'Basket', amount_agorot: 20_000 }] });
    const first = (await pay.confirm(s.id, { type: 'hosted_fields' })).data!.data.next_action!;
    expect(first.charge).toMatchObject({ amount: '200.00', tran_mode: 'A', terminal_name: TERMINAL });
    expect(twin.handshakes.get(first.charge!.thtk)).toMatchObject({ sum: 20_000 });
    // A double click gets the same payment (the same key) under a lock of the same amount.
    const again = (await pay.confirm(s.id, { type: 'hosted_fields' })).data!.data.next_action!;
    expect(again.challenge_id).toBe(first.challenge_id);
    expect(again.charge!.DCdisable).toBe(first.charge!.DCdisable);
    const applied = await app
      .client()
      .POST('/v1/checkout_sessions/{id}/discount', { params: { path: { id: s.id } }, body: { code: 'TEN' } });
    expect(applied.response.status, JSON.stringify(applied.error)).toBe(200);
    const second = (await pay.confirm(s.id, { type: 'hosted_fields' })).data!.data.next_action!;
    expect(second.challenge_id).not.toBe(first.challenge_id);
    expect(second.charge).toMatchObject({ amount: '180.00' });
    // The old lock cannot pay the new total, nor the old key the new payment.
    expect(await chargeInHostedFields(twin.url, { ...second.charge!, thtk: first.charge!.thtk }, CARD)).toMatchObject({
      errors: [{ code: '912791' }],
    });
    const before = approved().length;
    const paid = await pay.reportHostedCharge(s.id, second.challenge_id, await chargeInHostedFields(twin.url, second.charge!, CARD));
    expect(paid.data!.data.status).toBe('succeeded');
    expect(
      approved()
        .slice(before)
        .map((t) => t.amount),
    ).toEqual([18_000]);
  });

  it('refuses a forged or replayed report and records it; the real one, reported three times at once, completes the session once', async () => {
    const paidBefore = await session({ line_items: [{ name: 'Earlier', amount_agorot: 2_000 }] });
    const earlier = await pay.payInHostedFields(paidBefore.id, twin.url, CARD);
    const s = await session({ line_items: [{ name: 'Forged', amount_agorot: 2_000 }] });
    const asked = (await pay.confirm(s.id, { type: 'hosted_fields' })).data!.data.next_action!;
    const replayed = await pay.reportHostedCharge(s.id, asked.challenge_id, earlier.charged!);
    expect(replayed.response.status).toBe(400);
    expect(replayed.error!.error).toMatchObject({ code: 'hosted_report_refused', param: 'transaction_id' });
    const forged = await pay.reportHostedCharge(s.id, asked.challenge_id, {}, '999999');
    expect(forged.error!.error.code).toBe('hosted_report_refused');
    expect((await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data.status).toBe('pending');
    expect(logs.filter((line) => line.includes('hosted fields report refused') && line.includes(s.id))).toHaveLength(2);
    // The real one, reported three times at once (a double click, a retry): one charge.
    const charged = await chargeInHostedFields(twin.url, asked.charge!, CARD);
    const reports = await Promise.all([1, 2, 3].map(() => pay.reportHostedCharge(s.id, asked.challenge_id, charged)));
    expect(reports.map((report) => report.data?.data.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect((await pay.reportHostedCharge(s.id, asked.challenge_id, {}, null)).data!.data.status).toBe('succeeded');
    const [{ n }] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from charges where checkout_session_id = ?`, [s.id]);
    expect(n).toBe(1);
  });

  it('finishes a payment whose tab closed after Tranzila approved: the reconciler finds it by its key, once', async () => {
    const s = await session({ line_items: [{ name: 'Closed tab', amount_agorot: 6_600 }] });
    const before = approved().length;
    const { charged } = await pay.payInHostedFields(s.id, twin.url, CARD, { report: false });
    expect(charged!.transaction_response!.success).toBe(true);
    await sleep(350);
    await app.services.inContext(() => app.services.container.get(ReconcileMoneyIntents).execute());
    await app.services.inContext(() => app.services.container.get(ReconcileMoneyIntents).execute());
    expect(await chargeOf(s.id)).toMatchObject({ status: 'succeeded', amount: 6_600 });
    expect(approved().length - before).toBe(1);
  });

  it("updates the card in the live portal in Tranzila's fields: a ₪1 J5 check, released, made the default; no card number taken", async () => {
    const portal = (await live.POST('/v1/billing_portal/sessions', { body: { customer } })).data!.data;
    const client = app.client();
    const path = { params: { path: { id: portal.id } } };
    const page = (await client.GET('/v1/billing_portal/sessions/{id}/page', path)).data!.data;
    expect(page).toMatchObject({ livemode: true, add_card: true, card_collection: { type: 'hosted_fields' } });
    expect(page.card_collection.script_url).toBe(`${twin.url}/hosted-fields/thostedf.js`);
    const token = await client.POST('/v1/billing_portal/sessions/{id}/tokens', {
      ...path,
      body: { card: { number: CARD, exp_month: 12, exp_year: 2031, cvc: '123' } },
    });
    expect(token.error!.error).toMatchObject({ code: 'hosted_fields_required', param: 'card' });
    const report = (challengeId: string, charged: Awaited<ReturnType<typeof chargeInHostedFields>>, transactionId?: string) =>
      client.POST('/v1/billing_portal/sessions/{id}/card_checks/{challenge_id}', {
        params: { path: { id: portal.id, challenge_id: challengeId } },
        body: {
          transaction_id: transactionId ?? charged.transaction_response?.transaction_id ?? null,
          card: charged.transaction_response?.last_4
            ? { brand: charged.transaction_response.card_type_name ?? '', last4: charged.transaction_response.last_4 }
            : null,
        },
      });
    // Declined: nothing saved.
    const first = (await client.POST('/v1/billing_portal/sessions/{id}/card_checks', path)).data!.data;
    expect(first.charge).toMatchObject({ amount: '1.00', tran_mode: 'V' });
    const declined = await report(first.challenge_id, await chargeInHostedFields(twin.url, first.charge, '4000000000000002'));
    expect(declined.response.status).toBe(402);
    expect(declined.error!.error.code).toBe('card_declined');
    // Approved: saved, the default, and the hold released at once; a forged report saves nothing.
    const check = (await client.POST('/v1/billing_portal/sessions/{id}/card_checks', path)).data!.data;
    const before = twin.ledger.length;
    const charged = await chargeInHostedFields(twin.url, check.charge, '5555555555554444');
    expect((await report(check.challenge_id, charged, '999999')).error!.error.code).toBe('hosted_report_refused');
    const saved = await report(check.challenge_id, charged);
    expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
    const card = saved.data!.data.payment_methods.find((method) => method.default)!;
    expect(card.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect((await report(check.challenge_id, charged)).data!.data.payment_methods.filter((m) => m.card.last4 === '4444')).toHaveLength(1);
    expect(
      twin.ledger
        .slice(before)
        .filter((t) => t.responseCode === '000')
        .map((t) => [t.txnType, t.amount]),
    ).toEqual([
      ['verify', 100],
      ['reversal', 100],
    ]);
    const test = (await app.client(merchant.testKey).POST('/v1/billing_portal/sessions', { body: { customer: testCustomer } })).data!.data;
    const testPage = (await client.GET('/v1/billing_portal/sessions/{id}/page', { params: { path: { id: test.id } } })).data!.data;
    expect(testPage).toMatchObject({ add_card: true, card_collection: { type: 'server', script_url: null } });
    const refused = await client.POST('/v1/billing_portal/sessions/{id}/card_checks', { params: { path: { id: test.id } } });
    expect(refused.error!.error).toMatchObject({ code: 'parameter_invalid' });
  });

  it('takes no card number in live mode: POST /v1/tokens answers hosted_fields_required', async () => {
    const s = await session({ line_items: [{ name: 'Mug', amount_agorot: 3_500 }] });
    const res = await app.client().POST('/v1/tokens', {
      body: { checkout_session: s.id, card: { number: CARD, exp_month: 12, exp_year: 2031, cvc: '123' } },
    });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code: 'hosted_fields_required', param: 'card' });
    const page = await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: s.id } } });
    expect(page.data!.data.payment_options.card_collection).toEqual({
      type: 'hosted_fields',
      script_url: `${twin.url}/hosted-fields/thostedf.js`,
    });
  });

  it("saves the card from a subscription's first payment in the fields, then charges the renewal by Tranzila's token without the shopper", async () => {
    const product = (await live.POST('/v1/products', { body: { name: 'Olive club' } })).data!.data.id;
    const monthly = (
      await live.POST('/v1/prices', {
        body: { product, unit_amount: 4_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    const s = await session({ price: monthly });
    const before = approved().length;
    expect((await pay.payInHostedFields(s.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    const subscriptionId = (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data.subscription!;
    expect(
      approved()
        .slice(before)
        .map((t) => [t.txnType, t.amount]),
    ).toEqual([['debit', 4_900]]);
    const checks = twin.ledger.filter((t) => t.verifyMode === 2 && t.responseCode === '000').length;

    // A month passes (live mode has no test clocks): the period ends now, and the daily renewal runs.
    await app.services.orm.em
      .fork()
      .getConnection()
      .execute("update subscriptions set current_period_end = now() - interval '1 minute' where id = ?", [subscriptionId]);
    expect(await app.services.inContext(() => app.services.container.get(RenewDueSubscriptions).execute())).toBeGreaterThanOrEqual(1);
    const renewals = approved().slice(before + 1);
    expect(renewals.map((t) => [t.txnType, t.amount])).toEqual([['debit', 4_900]]);
    expect(twin.ledger.filter((t) => t.verifyMode === 2 && t.responseCode === '000').length).toBe(checks);
    const charges = (await live.GET('/v1/charges', { params: { query: { limit: 100 } } })).data!.data.filter(
      (charge) => charge.subscription === subscriptionId,
    );
    expect(charges.map((charge) => charge.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('starts a free trial with a card checked in the fields: a ₪1 J5 released at once, nothing charged, the card kept for renewals', async () => {
    const product = (await live.POST('/v1/products', { body: { name: 'Tasting club' } })).data!.data.id;
    const trial = (
      await live.POST('/v1/prices', {
        body: { product, unit_amount: 3_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month', trial_period_days: 14 } },
      })
    ).data!.data.id;
    const s = await session({ price: trial });
    const asked = (await pay.confirm(s.id, { type: 'hosted_fields' })).data!.data;
    expect(asked).toMatchObject({ status: 'requires_action', next_action: { type: 'hosted_fields_charge' } });
    const { challenge_id: challengeId, charge } = asked.next_action!;
    expect(challengeId).toMatch(/^chk_/);
    expect(charge).toMatchObject({ amount: '1.00', tran_mode: 'V', terminal_name: TERMINAL });
    // A declined card saves nothing, and the session stays open.
    const declined = await pay.reportHostedCharge(s.id, challengeId, await chargeInHostedFields(twin.url, charge!, '4000000000000002'));
    expect(declined.data!.data).toMatchObject({ status: 'failed', failure: { code: 'card_declined' } });
    const retry = (await pay.confirm(s.id, { type: 'hosted_fields' })).data!.data.next_action!;
    const before = twin.ledger.length;
    const charged = await chargeInHostedFields(twin.url, retry.charge!, CARD);
    // Another session's check cannot save a card here, nor this one's there.
    const other = await session({ price: trial });
    const stolen = await pay.reportHostedCharge(other.id, retry.challenge_id, charged);
    expect(stolen.error!.error).toMatchObject({ code: 'hosted_report_refused', param: 'transaction_id' });
    const reports = await Promise.all([1, 2].map(() => pay.reportHostedCharge(s.id, retry.challenge_id, charged)));
    expect(reports.map((report) => report.data?.data.status ?? report.error?.error.code)).toContain('succeeded');
    expect((await pay.reportHostedCharge(s.id, retry.challenge_id, charged)).data!.data.status).toBe('succeeded');
    const done = (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data;
    expect(done).toMatchObject({ status: 'completed', charge: null });
    const subscription = (await live.GET('/v1/subscriptions/{id}', { params: { path: { id: done.subscription! } } })).data!.data;
    expect(subscription.status).toBe('trialing');
    const methods = (await live.GET('/v1/customers/{id}/payment_methods', { params: { path: { id: customer } } })).data!.data;
    expect(methods.find((method) => method.id === subscription.payment_method)?.card).toMatchObject({
      brand: 'visa',
      last4: '1111',
    });
    // At Tranzila: the ₪1 hold, released once, and no charge.
    const mine = twin.ledger.slice(before);
    expect(mine.filter((t) => t.responseCode === '000').map((t) => [t.txnType, t.verifyMode, t.amount])).toEqual([
      ['verify', 5, 100],
      ['reversal', null, 100],
    ]);
    expect(mine.find((t) => t.verifyMode === 5)!.holdState).toBe('reversed');
  });

  it("upgrades a plan on the plan-change page, paid in Tranzila's fields: one debit of the quoted amount, the card kept for renewals", async () => {
    const product = (await live.POST('/v1/products', { body: { name: 'Olive plans' } })).data!.data.id;
    const plan = async (amount: number) =>
      (
        await live.POST('/v1/prices', {
          body: { product, unit_amount: amount, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
        })
      ).data!.data.id;
    const [basic, pro] = [await plan(4_900), await plan(9_900)];
    const start = await session({ price: basic });
    expect((await pay.payInHostedFields(start.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    const subscription = (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: start.id } } })).data!.data.subscription!;
    const change = await session({ subscription, price: pro });
    expect(change.plan_change).toBeTruthy();
    const before = approved().length;
    const { reported } = await pay.payInHostedFields(change.id, twin.url, CARD);
    expect(reported!.data!.data.status, JSON.stringify(reported!.data ?? reported!.error)).toBe('succeeded');
    const upgraded = (await live.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription } } })).data!.data;
    expect(upgraded.price).toBe(pro);
    expect(upgraded.payment_method).toMatch(/^pm_/);
    const debits = approved().slice(before);
    expect(debits).toHaveLength(1);
    expect(debits[0].amount).toBe(change.plan_change!.amount_due);
  });

  it('takes new credentials, pays, and keeps no credential, signing secret, card number or CVC in the clear: tables, logs, WAL', async () => {
    expect((await connect(live, ROTATED)).response.status).toBe(200);
    const hook = await app.client(merchant.testKey).POST('/v1/webhooks', { body: { url: 'http://127.0.0.1:9/hooks', events: ['*'] } });
    const signingSecret = hook.data!.data.secret!.slice('whsec_'.length);
    const s = await session({ line_items: [{ name: 'After rotation', amount_agorot: 1_000 }] });
    expect((await pay.payInHostedFields(s.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    expect(twin.ledger.at(-1)).toMatchObject({ txnType: 'debit', responseCode: '000', amount: 1_000 });

    const forbidden = [FIRST.secret, FIRST.appKey, ROTATED.secret, ROTATED.appKey, signingSecret, CARD, '4000000000000002'];
    const sql = (query: string) => app.services.orm.em.fork().getConnection().execute(query);
    const tables = await sql(
      `select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_schema: schema, table_name: table } of tables) {
      const rows = await sql(`select t::text as row from "${schema}"."${table}" t`);
      for (const { row } of rows) {
        for (const secret of forbidden) expect(row, `${schema}.${table}`).not.toContain(secret);
        expect(row, `${schema}.${table}`).not.toMatch(/"(cvc|cvv)"\s*:/);
      }
    }
    expect(logs.length).toBeGreaterThan(10);
    for (const line of logs) for (const secret of forbidden) expect(line).not.toContain(secret);
    // The write-ahead log holds every row ever written, deleted or not: the card was never one of them.
    const [{ setting: dataDirectory }] = await sql(`select setting from pg_settings where name = 'data_directory'`);
    const segments = readdirSync(join(dataDirectory, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name));
    let written = false;
    for (const segment of segments) {
      const bytes = readFileSync(join(dataDirectory, 'pg_wal', segment));
      // What was written in the clear is there to be found: the customer's email.
      written ||= bytes.includes('dana@example.co.il');
      for (const secret of [CARD, '4000000000000002', FIRST.secret, ROTATED.secret]) expect(bytes.includes(secret), segment).toBe(false);
    }
    expect(written).toBe(true);
  });
});

describe("Bit on Tranzila's own page", () => {
  async function session(body: Record<string, unknown>) {
    const res = await live.POST('/v1/checkout_sessions', { body: { customer, ...URLS, ...body } as never });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    return res.data!.data;
  }
  const page = async (sessionId: string) =>
    (await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: sessionId } } })).data!.data;
  const status = async (sessionId: string) =>
    (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: sessionId } } })).data!.data.status;
  /** Bit's page made for a payment, as the twin keeps it. */
  const saleOf = (url: string) => twin.bitSales.get(new URL(url).pathname.split('/').at(-1)!)!;
  /** The shopper's answer in the Bit app; the twin's page then sends the frame on (a 303) unless a fault holds it. */
  const answerInApp = async (url: string, answer: 'approve' | 'decline') =>
    fetch(`${url}/${answer}`, { method: 'POST', redirect: 'manual' });
  /** Tranzila's notification, as its twin sends it (a form body Kupa does not read), to this test's API. */
  const notify = async (url: string) => {
    const path = new URL(saleOf(url).notifyUrl).pathname;
    return fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'transaction_id=1&Response=000',
    });
  };
  const bitMoved = () => twin.ledger.filter((transaction) => transaction.channel === 'bit' && transaction.responseCode === '000');

  beforeAll(async () => {
    await app.services.inContext(() =>
      app.services.container.get(UpdateAccountSettings).execute({ accountId: merchant.id, walletsEnabled: true }),
    );
  });

  it('is offered only for a one-time sale in shekels above ₪5, and refused clearly for anything else', async () => {
    expect((await live.GET('/v1/account')).data!.data.processor!.capabilities.bit_page).toEqual({ minimum_amount: 501 });
    const sale = await session({ line_items: [{ name: 'Tea', amount_agorot: 3_500 }], installments: { max: 3 } });
    expect((await page(sale.id)).payment_options).toMatchObject({ bit_page: true, wallets: [] });
    const five = await session({ line_items: [{ name: 'Sticker', amount_agorot: 500 }] });
    expect((await page(five.id)).payment_options.bit_page).toBe(false);
    expect((await pay.confirm(five.id, { type: 'bit_page' })).error!.error).toMatchObject({ code: 'wallet_not_allowed' });
    const hold = await session({ line_items: [{ name: 'Camera', amount_agorot: 10_000 }], capture_method: 'manual' });
    expect((await page(hold.id)).payment_options.bit_page).toBe(false);
    expect((await pay.confirm(hold.id, { type: 'bit_page' })).error!.error).toMatchObject({ code: 'wallet_not_allowed' });
    expect((await pay.confirm(sale.id, { type: 'bit_page' }, 3)).error!.error).toMatchObject({ code: 'installments_not_allowed' });
    const product = (await live.POST('/v1/products', { body: { name: 'Tea club' } })).data!.data.id;
    const monthly = (
      await live.POST('/v1/prices', {
        body: { product, unit_amount: 4_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    const club = await session({ price: monthly });
    expect((await page(club.id)).payment_options.bit_page).toBe(false);
    expect((await pay.confirm(club.id, { type: 'bit_page' })).error!.error).toMatchObject({ code: 'wallet_not_allowed' });
    // Test mode takes Bit as a wallet token, never on a processor's page.
    const test = app.client(merchant.testKey);
    const testSession = (
      await test.POST('/v1/checkout_sessions', {
        body: { customer: testCustomer, ...URLS, line_items: [{ name: 'Tea', amount_agorot: 3_500 }] } as never,
      })
    ).data!.data;
    expect((await page(testSession.id)).payment_options).toMatchObject({ bit_page: false, wallets: ['apple_pay', 'google_pay', 'bit'] });
  });

  it('pays once: one Bit page per payment, approved in the app, read back by its key; a notification after that changes nothing', async () => {
    const s = await session({ line_items: [{ name: 'Olive soap', amount_agorot: 4_800 }], locale: 'he' });
    const asked = (await pay.confirm(s.id, { type: 'bit_page' })).data!.data;
    expect(asked).toMatchObject({ status: 'requires_action', next_action: { type: 'bit_page' } });
    const { challenge_id: challengeId, url } = asked.next_action!;
    expect(url).toMatch(new RegExp(`^${twin.url}/bit/sale/`));
    // A double click shows the same page, never a second one the shopper could also pay.
    const again = (await pay.confirm(s.id, { type: 'bit_page' })).data!.data.next_action!;
    expect(again).toMatchObject({ challenge_id: challengeId, url });
    expect([...twin.bitSales.values()].filter((sale) => sale.key === saleOf(url!).key)).toHaveLength(1);
    expect(saleOf(url!)).toMatchObject({ amount: 4_800, language: 'hebrew' });
    expect(saleOf(url!).successUrl).toContain(`/checkout/${s.id}/bit-return?challenge_id=${challengeId}&result=success`);
    // Nothing paid yet: the page's report waits.
    const early = await pay.reportHostedCharge(s.id, challengeId, {}, null);
    expect(early.error!.error.code).toBe('payment_in_progress');
    const before = bitMoved().length;
    const back = await answerInApp(url!, 'approve');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(saleOf(url!).successUrl);
    const reported = await pay.reportHostedCharge(s.id, challengeId, {}, null);
    expect(reported.data!.data.status, JSON.stringify(reported.error)).toBe('succeeded');
    expect(await status(s.id)).toBe('completed');
    const charge = (
      await live.GET('/v1/charges/{id}', {
        params: { path: { id: (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data.charge! } },
      })
    ).data!.data;
    expect(charge).toMatchObject({
      status: 'succeeded',
      amount: 4_800,
      livemode: true,
      payment_method_details: { type: 'wallet', wallet: 'bit' },
    });
    // Bit shows no card: its tax document and receipt name none.
    const document = (await live.GET('/v1/documents', { params: { query: { limit: 100 } } })).data!.data.find(
      (d) => d.charge === charge.id,
    )!;
    expect(document.payment).toEqual({ card_last4: null, installments: null });
    const late = await notify(url!);
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ received: true });
    expect(bitMoved().length - before).toBe(1);
    const [{ n }] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from charges where checkout_session_id = ?`, [s.id]);
    expect(n).toBe(1);
  });

  it('completes the session from the notification alone when the frame never comes back', async () => {
    const s = await session({ line_items: [{ name: 'Honey', amount_agorot: 2_600 }] });
    const { url } = (await pay.confirm(s.id, { type: 'bit_page' })).data!.data.next_action!;
    twin.fault('lost_callback');
    expect((await answerInApp(url!, 'approve')).status).toBe(200);
    expect(await status(s.id)).toBe('pending');
    expect((await notify(url!)).status).toBe(200);
    expect(await status(s.id)).toBe('completed');
  });

  it('tells the shopper a declined Bit payment, moves nothing, and lets another way pay', async () => {
    const s = await session({ line_items: [{ name: 'Dates', amount_agorot: 3_300 }] });
    const { challenge_id: challengeId, url } = (await pay.confirm(s.id, { type: 'bit_page' })).data!.data.next_action!;
    const before = bitMoved().length;
    const back = await answerInApp(url!, 'decline');
    expect(back.headers.get('location')).toBe(saleOf(url!).failureUrl);
    const reported = await pay.reportHostedCharge(s.id, challengeId, {}, null);
    expect(reported.data!.data).toMatchObject({ status: 'failed', failure: { code: 'card_declined' } });
    expect(bitMoved().length).toBe(before);
    expect((await pay.payInHostedFields(s.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
  });

  it('refunds in full a Bit payment approved after the shopper paid another way, and records it on the old payment', async () => {
    const s = await session({ line_items: [{ name: 'Wine', amount_agorot: 9_000 }] });
    const { challenge_id: challengeId, url } = (await pay.confirm(s.id, { type: 'bit_page' })).data!.data.next_action!;
    // The shopper closes the Bit page and pays by card: the Bit payment, found nowhere, ends unpaid.
    expect((await pay.payInHostedFields(s.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    // Then approves the old request in the app; Tranzila tells Kupa, late.
    twin.fault('late_notify', 1, 100);
    expect((await answerInApp(url!, 'approve')).status).toBe(303);
    const paid = saleOf(url!);
    expect(paid.state).toBe('approved');
    expect((await notify(url!)).status).toBe(200);
    const bitPayment = twin.ledger.find((t) => t.channel === 'bit' && t.dcdisable === paid.key && t.txnType === 'debit')!;
    expect(bitPayment).toMatchObject({ responseCode: '000', amount: 9_000, credited: 9_000 });
    expect(twin.ledger.filter((t) => t.txnType === 'credit' && t.referenceTxnId === bitPayment.index)).toHaveLength(1);
    // Told again (the late notification, the page's report): refunded once.
    await sleep(200);
    expect((await pay.reportHostedCharge(s.id, challengeId, {}, null)).data!.data.status).toBe('succeeded');
    expect(twin.ledger.filter((t) => t.txnType === 'credit' && t.referenceTxnId === bitPayment.index)).toHaveLength(1);
    const [attempt] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute(`select status, failure_code, charge_id from money_intents where id = ?`, [challengeId]);
    expect(attempt).toMatchObject({ status: 'failed', failure_code: 'late_payment_refunded', charge_id: null });
    expect(
      logs.filter((line) => line.includes('a Bit payment approved after its attempt ended was refunded') && line.includes(challengeId)),
    ).toHaveLength(1);
    const [{ n }] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from charges where checkout_session_id = ?`, [s.id]);
    expect(n).toBe(1);
  });

  it('leaves the reconciler to finish a Bit payment whose frame and notification were both lost, and to refund a late one nobody reported', async () => {
    const s = await session({ line_items: [{ name: 'Figs', amount_agorot: 2_200 }] });
    const { url } = (await pay.confirm(s.id, { type: 'bit_page' })).data!.data.next_action!;
    twin.fault('lost_callback');
    await answerInApp(url!, 'approve');
    await sleep(350);
    expect(await app.services.inContext(() => reconcile(app.services.container))).toMatchObject({ checkouts: 1, lateRefunds: 0 });
    expect(await status(s.id)).toBe('completed');

    const other = await session({ line_items: [{ name: 'Olives', amount_agorot: 3_100 }] });
    const old = (await pay.confirm(other.id, { type: 'bit_page' })).data!.data.next_action!;
    expect((await pay.payInHostedFields(other.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    twin.fault('lost_callback');
    await answerInApp(old.url!, 'approve');
    const late = twin.ledger.find((t) => t.channel === 'bit' && t.dcdisable === saleOf(old.url!).key && t.txnType === 'debit')!;
    expect(late.credited).toBe(0);
    expect(await app.services.inContext(() => reconcile(app.services.container))).toMatchObject({ lateRefunds: 1 });
    expect(late.credited).toBe(3_100);
    expect(await app.services.inContext(() => reconcile(app.services.container))).toMatchObject({ lateRefunds: 0 });
  });

  it('refunds a Bit payment in full through the Bit API, once even when the answer is lost, and refuses a partial refund', async () => {
    const s = await session({ line_items: [{ name: 'Cheese', amount_agorot: 7_000 }] });
    const { challenge_id: challengeId, url } = (await pay.confirm(s.id, { type: 'bit_page' })).data!.data.next_action!;
    await answerInApp(url!, 'approve');
    expect((await pay.reportHostedCharge(s.id, challengeId, {}, null)).data!.data.status).toBe('succeeded');
    const chargeId = (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data.charge!;
    const partial = await live.POST('/v1/charges/{id}/refunds', { params: { path: { id: chargeId } }, body: { amount: 1_000 } });
    expect(partial.error!.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    expect(partial.error!.error.message).toContain('in full');
    twin.fault('lost');
    const refund = await live.POST('/v1/charges/{id}/refunds', {
      params: { path: { id: chargeId } },
      body: {},
      headers: { 'Idempotency-Key': 'bit-refund-1' },
    });
    const again =
      refund.response.status === 200
        ? refund
        : await live.POST('/v1/charges/{id}/refunds', {
            params: { path: { id: chargeId } },
            body: {},
            headers: { 'Idempotency-Key': 'bit-refund-1' },
          });
    expect(again.response.status, JSON.stringify(again.error)).toBe(200);
    expect(again.data!.data).toMatchObject({ amount: 7_000, status: 'succeeded' });
    const payment = twin.ledger.find((t) => t.channel === 'bit' && t.dcdisable === saleOf(url!).key && t.txnType === 'debit')!;
    expect(twin.ledger.filter((t) => t.txnType === 'credit' && t.referenceTxnId === payment.index).map((t) => t.amount)).toEqual([7_000]);
    expect((await live.GET('/v1/charges/{id}', { params: { path: { id: chargeId } } })).data!.data).toMatchObject({
      amount_refunded: 7_000,
    });
  });

  it('takes a notification of any shape, believes none of it, and refuses one for a payment that is not there', async () => {
    const s = await session({ line_items: [{ name: 'Bread', amount_agorot: 1_800 }] });
    const { url } = (await pay.confirm(s.id, { type: 'bit_page' })).data!.data.next_action!;
    const told = await notify(url!);
    expect(told.status).toBe(200);
    expect(await status(s.id)).toBe('pending');
    const unknown = await fetch(`${app.baseUrl}/v1/checkout_sessions/${s.id}/bit_notification/att_nothere`, { method: 'POST', body: 'x' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('challenge_not_found');
  });
});
