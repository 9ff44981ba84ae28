import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { UpdateAccountSettings } from '../src/modules/accounts/application/update-account-settings';
import { CARDS, shopper, URLS } from './support/checkout';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';

const logs: string[] = [];
let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let customer: string;
let pay: ReturnType<typeof shopper>;

beforeAll(async () => {
  app = await startTestApp(undefined, { logs, env: { PAYMENT_ATTEMPT_STALE_MS: '300' } });
  merchant = await app.createAccount('Cards shop', { walletsEnabled: true });
  api = app.client(merchant.testKey);
  pay = shopper(app);
  customer = (await api.POST('/v1/customers', { body: { name: 'Dana' } })).data!.data.id;
});
afterAll(() => app.close());

async function session(body: Record<string, unknown> = {}, client = api, who = customer) {
  const res = await client.POST('/v1/checkout_sessions', {
    body: { customer: who, ...URLS, line_items: [{ name: 'Item', amount_agorot: 5000 }], ...body } as never,
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!.data;
}

/** Every row of every table (as text), and every column as `schema.table.column`. */
async function everythingStored(): Promise<{ dump: string; columns: string[] }> {
  const em = app.services.orm.em.fork();
  const tables = await em
    .getConnection()
    .execute(
      "select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'",
    );
  let dump = '';
  const columns: string[] = [];
  for (const { table_schema: schema, table_name: table } of tables) {
    const rows = await em.getConnection().execute(`select t::text as row from "${schema}"."${table}" t`);
    dump += rows.map((r) => String(r.row)).join('\n');
    const found = await em
      .getConnection()
      .execute('select column_name from information_schema.columns where table_schema = ? and table_name = ?', [schema, table]);
    columns.push(...found.map(({ column_name: column }) => `${schema}.${table}.${column}`));
  }
  return { dump, columns };
}

const chargeOfSession = async (sessionId: string) => {
  const s = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: sessionId } } })).data!.data;
  return (await api.GET('/v1/charges/{id}', { params: { path: { id: s.charge! } } })).data!.data;
};

describe('saved payment methods', () => {
  it('saves a test token to a customer, lists, retrieves and detaches it', async () => {
    const res = await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } });
    expect(res.response.status).toBe(200);
    const pm = res.data!.data;
    expect(pm).toMatchObject({ object: 'payment_method', type: 'card', customer, card: { brand: 'visa', last4: '4242' }, livemode: false });
    expect(pm.id).toMatch(/^pm_/);
    expect((await api.GET('/v1/payment_methods/{id}', { params: { path: { id: pm.id } } })).data!.data).toEqual(pm);
    expect(
      (await api.GET('/v1/customers/{id}/payment_methods', { params: { path: { id: customer } } })).data!.data.map((m) => m.id),
    ).toContain(pm.id);
    const detached = await api.POST('/v1/payment_methods/{id}/detach', { params: { path: { id: pm.id } } });
    expect(detached.data!.data.customer).toBeNull();
    expect(
      (await api.GET('/v1/customers/{id}/payment_methods', { params: { path: { id: customer } } })).data!.data.map((m) => m.id),
    ).not.toContain(pm.id);
  });

  it('refuses a declined token, an unknown token and an unknown customer', async () => {
    expect((await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_declined' } })).error!.error.code).toBe('card_declined');
    expect((await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_nope' } })).error!.error).toMatchObject({
      code: 'token_not_found',
      param: 'token',
    });
    expect((await api.POST('/v1/payment_methods', { body: { customer: 'cus_nope', token: 'tok_visa' } })).error!.error).toMatchObject({
      code: 'customer_not_found',
      param: 'customer',
    });
  });

  it("are offered masked on the page and pay a checkout; another customer's card is refused", async () => {
    const pm = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data;
    const s = await session();
    const page = (await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: s.id } } })).data!.data;
    expect(page.payment_options.saved_cards).toContainEqual({
      id: pm.id,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    expect(JSON.stringify(page)).not.toContain('sim_pm_');

    const other = (await api.POST('/v1/customers', { body: { name: 'Other' } })).data!.data.id;
    const theirs = (await api.POST('/v1/payment_methods', { body: { customer: other, token: 'tok_visa' } })).data!.data;
    const refused = await pay.confirm(s.id, { type: 'saved_card', payment_method: theirs.id });
    expect(refused.error!.error).toMatchObject({ code: 'payment_method_not_found', param: 'payment_method.payment_method' });

    expect((await pay.confirm(s.id, { type: 'saved_card', payment_method: pm.id })).data!.data.status).toBe('succeeded');
    expect((await chargeOfSession(s.id)).payment_method_details).toMatchObject({ type: 'card', card: { last4: '4242' } });
  });
});

describe('wallets and installments', () => {
  it('pays with a wallet token', async () => {
    const s = await session();
    expect((await pay.confirm(s.id, { type: 'wallet', wallet: 'google_pay', token: 'wallet_tok_visa' })).data!.data.status).toBe(
      'succeeded',
    );
    expect((await chargeOfSession(s.id)).payment_method_details).toMatchObject({ type: 'wallet', wallet: 'google_pay' });
  });

  it("records the installments the shopper chose, within the session's maximum", async () => {
    const s = await session({ installments: { max: 6 } });
    const token = await pay.token(s.id, CARDS.ok);
    const tooMany = await pay.confirm(s.id, { type: 'card', token }, 7);
    expect(tooMany.error!.error).toMatchObject({ code: 'installments_not_allowed', param: 'installments' });
    expect((await pay.confirm(s.id, { type: 'card', token }, 3)).data!.data.status).toBe('succeeded');
    expect((await chargeOfSession(s.id)).installments).toBe(3);
    const none = await session();
    const refused = await pay.confirm(none.id, { type: 'card', token: await pay.token(none.id, CARDS.ok) }, 2);
    expect(refused.error!.error.code).toBe('installments_not_allowed');
  });
});

describe('tokenization', () => {
  it.each([
    ['a number failing Luhn', { number: '4242424242424241' }, 'card_number_invalid', 'card.number'],
    ['an expired card', { exp_month: 1, exp_year: 2020 }, 'card_expired', 'card.exp_year'],
    ['a 4-digit CVC on a Visa', { cvc: '1234' }, 'cvc_invalid', 'card.cvc'],
    ['letters in the number', { number: '4242-4242-4242-4242' }, 'parameter_invalid', 'card.number'],
  ])('refuses %s', async (_name, card, code, param) => {
    const s = await session();
    const res = await app.client().POST('/v1/tokens', {
      body: { checkout_session: s.id, card: { number: CARDS.ok, exp_month: 12, exp_year: 2031, cvc: '123', ...card } },
    });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code, param });
  });

  it('needs an existing checkout session', async () => {
    const res = await app
      .client()
      .POST('/v1/tokens', { body: { checkout_session: 'co_nope', card: { number: CARDS.ok, exp_month: 12, exp_year: 2031, cvc: '123' } } });
    expect(res.response.status).toBe(404);
  });
  it('takes Isracard local 8–9 digit numbers by their check digit and refuses a wrong one', async () => {
    const s = await session();
    for (const number of ['12345679', '012345679']) {
      const res = await app
        .client()
        .POST('/v1/tokens', { body: { checkout_session: s.id, card: { number, exp_month: 12, exp_year: 2031, cvc: '123' } } });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
      expect(res.data!.data.card).toMatchObject({ brand: 'isracard', last4: '5679' });
    }
    const wrong = await app
      .client()
      .POST('/v1/tokens', { body: { checkout_session: s.id, card: { number: '12345674', exp_month: 12, exp_year: 2031, cvc: '123' } } });
    expect(wrong.error!.error).toMatchObject({ code: 'card_number_invalid', param: 'card.number' });
  });

  it('asks for the cardholder ID number when the account requires it, checks it, and never stores it', async () => {
    const strict = await app.createAccount('ID shop');
    const strictApi = app.client(strict.testKey);
    const buyer = (await strictApi.POST('/v1/customers', { body: { name: 'Dana' } })).data!.data.id;
    const tokenize = async (sessionId: string, holderId?: string) =>
      app.client().POST('/v1/tokens', {
        body: {
          checkout_session: sessionId,
          card: { number: CARDS.ok, exp_month: 12, exp_year: 2031, cvc: '123', ...(holderId ? { holder_id: holderId } : {}) },
        },
      });

    const before = await session({}, strictApi, buyer);
    expect((await tokenize(before.id)).response.status).toBe(200);
    expect((await strictApi.GET('/v1/account')).data!.data.cardholder_id_required).toBe(false);

    await app.services.inContext(() =>
      app.services.container.get(UpdateAccountSettings).execute({ accountId: strict.id, cardholderIdRequired: true }),
    );
    expect((await strictApi.GET('/v1/account')).data!.data.cardholder_id_required).toBe(true);
    const s = await session({}, strictApi, buyer);
    const page = (await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: s.id } } })).data!.data;
    expect(page.payment_options.cardholder_id_required).toBe(true);
    expect((await tokenize(s.id)).error!.error).toMatchObject({ code: 'parameter_missing', param: 'card.holder_id' });
    expect((await tokenize(s.id, '123456789')).error!.error).toMatchObject({ code: 'holder_id_invalid', param: 'card.holder_id' });
    expect((await tokenize(s.id, '12345')).error!.error).toMatchObject({ code: 'holder_id_invalid', param: 'card.holder_id' });
    const token = await tokenize(s.id, '123456782');
    expect(token.response.status).toBe(200);
    expect((await pay.confirm(s.id, { type: 'card', token: token.data!.data.id })).data!.data.status).toBe('succeeded');

    const { dump } = await everythingStored();
    expect(`${dump}\n${logs.join('\n')}`).not.toContain('123456782');
  });
});

describe('live mode', () => {
  it('refuses to move money before onboarding (403); going live needs a processor; an account live without one answers 503', async () => {
    const live = app.client(merchant.liveKey);
    const liveCustomer = (await live.POST('/v1/customers', { body: { name: 'Live' } })).data!.data.id;
    const s = await session({}, live, liveCustomer);
    const token = await app
      .client()
      .POST('/v1/tokens', { body: { checkout_session: s.id, card: { number: CARDS.ok, exp_month: 12, exp_year: 2031, cvc: '123' } } });
    expect(token.response.status).toBe(403);
    expect(token.error!.error.code).toBe('account_not_onboarded');
    const confirm = await pay.confirm(s.id, { type: 'card', token: 'tok_visa' });
    expect(confirm.error!.error.code).toBe('account_not_onboarded');
    // A charge this key cannot see is unknown before any question of onboarding (the same 404 as another account's).
    expect((await live.POST('/v1/charges/{id}/capture', { params: { path: { id: 'ch_nope' } } })).error!.error.code).toBe(
      'resource_missing',
    );

    await expect(
      app.services.inContext(() =>
        app.services.container.get(UpdateAccountSettings).execute({
          accountId: merchant.id,
          liveOnboarded: true,
          businessProfile: {
            legalName: 'Live Shop Ltd',
            businessNumber: '516179157',
            dealerType: 'company',
            address: { line1: 'Herzl 1', city: 'Haifa', postalCode: null },
            email: null,
            phone: null,
          },
        }),
      ),
    ).rejects.toMatchObject({ code: 'processor_required' });
    // An account made live before processors were connected (its database from an earlier version).
    await app.services.orm.em.fork().getConnection().execute('update accounts set live_onboarded = true where id = ?', [merchant.id]);
    const after = await pay.confirm(s.id, { type: 'card', token: 'tok_visa' });
    expect(after.response.status).toBe(503);
    expect(after.error!.error).toMatchObject({ type: 'api_error', code: 'processor_unavailable' });
  });
});

describe('tax documents', () => {
  it('are numbered without gaps under 50 concurrent captures', async () => {
    const shop = await app.createAccount('Numbered');
    const client = app.client(shop.testKey);
    const who = (await client.POST('/v1/customers', { body: { name: 'N' } })).data!.data.id;
    const charges: string[] = [];
    for (let i = 0; i < 50; i++) {
      const s = await session({ capture_method: 'manual', line_items: [{ name: `Item ${i}`, amount_agorot: 1000 + i }] }, client, who);
      await pay.payWithCard(s.id);
      charges.push((await client.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data.charge!);
    }
    const captured = await Promise.all(charges.map((id) => client.POST('/v1/charges/{id}/capture', { params: { path: { id } } })));
    expect(captured.every((r) => r.response.status === 200)).toBe(true);
    const documents = (await client.GET('/v1/documents', { params: { query: { limit: 100 } } })).data!.data;
    expect(documents.map((d) => d.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(documents.map((d) => d.charge))).toEqual(new Set(charges));
  });

  it.each([
    [1, 0],
    [118, 18],
    [999_999, 152_542],
  ])('take the VAT out of %i agorot as %i', async (amount, vat) => {
    const s = await session({ line_items: [{ name: 'Edge', amount_agorot: amount }] });
    await pay.payWithCard(s.id);
    const ch = await chargeOfSession(s.id);
    const document = (await api.GET('/v1/documents/{id}', { params: { path: { id: ch.document! } } })).data!.data;
    expect(document).toMatchObject({ total: amount, vat_amount: vat, amount_excluding_vat: amount - vat, vat_rate: 18 });
    expect(document.lines).toEqual([{ description: 'Edge', quantity: 1, unit_amount: amount, amount }]);
    const html = await fetch(`${app.baseUrl}/v1/documents/${ch.document}/html`, {
      headers: { Authorization: `Bearer ${merchant.testKey}` },
    });
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await html.text();
    expect(text).toContain('dir="rtl"');
    expect(text).toContain('חשבונית מס/קבלה');
    expect(text).toContain('Cards shop');
    expect(text).toContain('4242');
  });
});

describe('card data', () => {
  it('never reaches the database, the logs, the events or the job payloads', async () => {
    const numbers = Object.values(CARDS).map((n) => n.replace(/\s/g, ''));
    for (const number of [CARDS.ok, CARDS.declined, CARDS.threeDSecure]) {
      const s = await session();
      await pay.payWithCard(s.id, number);
    }
    const { dump, columns } = await everythingStored();
    for (const column of columns) expect(column).not.toMatch(/\.[^.]*(cvc|card_number)[^.]*$|\.(pan|holder_id)$/);
    expect(dump.length).toBeGreaterThan(10_000);
    const everything = `${dump}\n${logs.join('\n')}`;
    for (const number of numbers) {
      expect(everything).not.toContain(number);
      expect(everything).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
    }
    expect(everything).not.toMatch(/"cvc"/);
  });
});
