import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { UpdateAccountSettings } from '../src/modules/accounts/application/update-account-settings';
import { RenewDueSubscriptions } from '../src/modules/subscriptions/application/renew-due-subscriptions';
import { TranzilaConnector } from '../src/modules/payments/infrastructure/processors/tranzila/tranzila.connector';
import { startTranzilaTwin, type TranzilaTwin } from '../twins/tranzila/twin';
import { shopper, URLS } from './support/checkout';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { sleep } from './support/receiver';

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
    const res = await pay.confirm(s.id, { type: 'card', token: await pay.token(s.id, CARD) }, 3);
    expect(res.data!.data.status, JSON.stringify(res.data ?? res.error)).toBe('succeeded');
    const charge = await chargeOf(s.id);
    expect(charge).toMatchObject({ status: 'succeeded', amount: 30_000, livemode: true, installments: 3 });
    const debits = approved()
      .slice(before)
      .filter((transaction) => transaction.txnType === 'debit');
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amount: 30_000, paymentPlan: 8, installments: 3 });
  });

  it('holds (J5), captures in part and refunds, each once in the twin', async () => {
    const s = await session({ line_items: [{ name: 'Camera', amount_agorot: 10_000 }], capture_method: 'manual' });
    expect((await pay.payWithCard(s.id, CARD)).data!.data.status).toBe('succeeded');
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
    const outside = new TranzilaConnector(FIRST, { apiUrl: twin.url, reportUrl: twin.url, timeoutMs: 2_000, fingerprintSecret: 'outside' });
    const sql = (query: string, params: unknown[]) => app.services.orm.em.fork().getConnection().execute(query, params);
    const refOf = async (chargeId: string) =>
      (await sql('select processor_ref from charges where id = ?', [chargeId]))[0].processor_ref as string;

    const s = await session({ line_items: [{ name: 'Vase', amount_agorot: 10_000 }] });
    expect((await pay.payWithCard(s.id, CARD)).data!.data.status).toBe('succeeded');
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
    expect((await pay.payWithCard(h.id, CARD)).data!.data.status).toBe('succeeded');
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

  it('refuses at creation a session that asks for what Tranzila lacks, and the page offers no wallet', async () => {
    const wallets = await live.POST('/v1/checkout_sessions', {
      body: { customer, ...URLS, line_items: [{ name: 'Mug', amount_agorot: 3_500 }], payment_methods: ['card', 'wallet'] },
    });
    expect(wallets.error!.error).toMatchObject({ code: 'not_supported_by_processor', param: 'payment_methods' });
    await app.services.inContext(() =>
      app.services.container.get(UpdateAccountSettings).execute({ accountId: merchant.id, walletsEnabled: true }),
    );
    const s = await session({ line_items: [{ name: 'Mug', amount_agorot: 3_500 }] });
    const page = await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: s.id } } });
    expect(page.data!.data.payment_options.wallets).toEqual([]);
  });

  it('tells the shopper of a decline in their language, and moves no money', async () => {
    const s = await session({ line_items: [{ name: 'Mug', amount_agorot: 3_500 }], locale: 'he' });
    const before = approved().length;
    const res = await pay.payWithCard(s.id, '4000000000000002');
    expect(res.data!.data).toMatchObject({ status: 'failed', failure: { code: 'card_declined' } });
    expect(res.data!.data.failure!.message).toMatch(/[\u0590-\u05FF]/);
    expect(approved().length).toBe(before);
  });

  it('survives an answer lost after Tranzila approved: the confirm finds the charge by its key, once', async () => {
    const s = await session({ line_items: [{ name: 'Lost answer', amount_agorot: 4_200 }] });
    const token = await pay.token(s.id, CARD);
    twin.fault('lost');
    const before = approved().length;
    const res = await pay.confirm(s.id, { type: 'card', token });
    expect(res.data!.data.status).toBe('succeeded');
    expect(approved().length - before).toBe(1);
    expect((await chargeOf(s.id)).amount).toBe(4_200);
  });

  it('answers processor_timeout when Tranzila is down, and the repeated confirm pays once when it is back', async () => {
    const s = await session({ line_items: [{ name: 'Outage', amount_agorot: 5_100 }] });
    const token = await pay.token(s.id, CARD);
    twin.fault('error');
    const before = approved().length;
    const down = await pay.confirm(s.id, { type: 'card', token });
    expect(down.response.status).toBe(503);
    expect(down.error!.error.code).toBe('processor_timeout');
    await sleep(350);
    const again = await pay.confirm(s.id, { type: 'card', token });
    expect(again.data!.data.status, JSON.stringify(again.data ?? again.error)).toBe('succeeded');
    expect(approved().length - before).toBe(1);
  });

  it("saves the card with a subscription's first payment (J2), then charges the renewal by Tranzila's token without the shopper", async () => {
    const product = (await live.POST('/v1/products', { body: { name: 'Olive club' } })).data!.data.id;
    const monthly = (
      await live.POST('/v1/prices', {
        body: { product, unit_amount: 4_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    const s = await session({ price: monthly });
    const before = approved().length;
    expect((await pay.payWithCard(s.id, CARD)).data!.data.status).toBe('succeeded');
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

  it('takes new credentials, pays with them, and keeps no credential, signing secret, card number or CVC anywhere in the clear', async () => {
    expect((await connect(live, ROTATED)).response.status).toBe(200);
    const hook = await app.client(merchant.testKey).POST('/v1/webhooks', { body: { url: 'http://127.0.0.1:9/hooks', events: ['*'] } });
    const signingSecret = hook.data!.data.secret!.slice('whsec_'.length);
    const s = await session({ line_items: [{ name: 'After rotation', amount_agorot: 1_000 }] });
    expect((await pay.payWithCard(s.id, CARD)).data!.data.status).toBe('succeeded');
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
  });
});
