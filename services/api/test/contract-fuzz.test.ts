import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { HTTP_METHODS, loadOpenApi, resolveRef } from '../src/platform/http/openapi-document';
import { CARDS, shopper, URLS } from './support/checkout';
import { assertMatchesContract } from './support/contract';
import { type DashboardLogin, teamMember } from './support/dashboard';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';

// Generated from openapi.yaml: every operation, called with one broken thing at a time inside an otherwise
// valid request (a field of the wrong type, a lone surrogate, NUL, a huge string, an out-of-range number,
// JSON nested thousands deep, a broken path id or query), must answer below 500, in the error envelope,
// as the contract documents. And every operation taking an id answers another account's id, or the other
// mode's, exactly as an unknown id. A new operation fails both until it is given its fixtures here.

const { document } = loadOpenApi();

interface Operation {
  id: string;
  method: string;
  path: string;
  isPublic: boolean;
  hasBody: boolean;
  bodySchema: Schema | null;
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  oneOf?: Schema[];
  allOf?: Schema[];
}

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  HTTP_METHODS.filter((method) => item[method]).map((method) => {
    const op = item[method] as {
      operationId: string;
      security?: unknown[];
      requestBody?: { content: { 'application/json': { schema: Schema } } };
    };
    const schema = op.requestBody ? resolveRef<Schema>(document, op.requestBody.content['application/json'].schema as never) : null;
    return {
      id: op.operationId,
      method: method.toUpperCase(),
      path,
      isPublic: Array.isArray(op.security) && op.security.length === 0,
      hasBody: Boolean(op.requestBody),
      bodySchema: schema,
    };
  }),
);

let app: TestApp;
let merchant: TestAccount;
let other: TestAccount;
let api: KupaClient;
/** The merchant's owner and the other account's, signed in to the dashboard. */
let owner: DashboardLogin;
let stranger: DashboardLogin;
const ids: Record<string, string> = {};

/** A valid request body per operation; each test below breaks one part of it at a time. */
function validBodies(): Record<string, Record<string, unknown>> {
  return {
    createProduct: { name: 'Fuzz lamp', description: 'Bright', metadata: { sku: 'L-1' } },
    updateProduct: { name: 'Fuzz lamp 2', description: null, active: true, metadata: { sku: '' } },
    updatePrice: { active: true, metadata: { legacy: 'no' } },
    createPrice: {
      product: ids.product,
      unit_amount: 1_000,
      currency: 'ils',
      tax_mode: 'inclusive',
      type: 'recurring',
      recurring: { interval: 'month', trial_period_days: 7 },
    },
    createCustomer: {
      name: 'Fuzz',
      email: 'fuzz@example.co.il',
      phone: '052-555-1234',
      tax_id: '000000018',
      test_clock: ids.clock,
      metadata: { crm_id: '7731' },
    },
    updateCustomer: { name: 'Fuzzier', email: 'fuzzier@example.co.il', phone: null, tax_id: '000000018', metadata: { crm_id: '' } },
    updateAccount: {
      business_profile: {
        legal_name: 'Fuzz Ltd',
        business_number: '516179157',
        dealer_type: 'company',
        address: { line1: 'Herzl 1', city: 'Haifa', postal_code: '3303101' },
        email: 'books@fuzz.example.co.il',
        phone: '04-555-1234',
      },
      branding: { logo_url: 'https://fuzz.example/logo.png', color: '#0b5cad', terms_url: 'https://fuzz.example/terms', privacy_url: null },
      dunning: { retry_days: [1, 3, 5] },
      portal: { allowed_prices: [], proration_behavior: 'always_invoice', cancel_mode: 'at_period_end', cancellation_reasons: ['other'] },
    },
    // With the test key every body is refused (livemode_required) before any processor is called.
    connectProcessor: { name: 'tranzila', terminal: 'fuzzshop', credentials: { app_key: 'fuzz_app_key', secret: 'fuzz_secret' } },
    createPaymentMethod: { customer: ids.customer, token: 'tok_visa' },
    createSubscription: { customer: ids.customer, payment_method: ids.paymentMethod, price: ids.recurringPrice },
    updateSubscription: {
      price: ids.recurringPrice,
      quantity: 2,
      payment_method: ids.paymentMethod,
      proration_behavior: 'none',
      billing_cycle_anchor: 'unchanged',
      cancel_at_period_end: false,
      pause_collection: { behavior: 'void', resumes_at: '2027-01-01T00:00:00Z' },
      metadata: { order: '7731' },
    },
    cancelSubscription: { cancel_at_period_end: true },
    createCheckoutSession: {
      customer: ids.customer,
      ...URLS,
      line_items: [{ name: 'Mug', amount_agorot: 3_500, quantity: 2, description: 'Blue', image_url: 'https://cdn.example/mug.png' }],
      create_document: true,
      capture_method: 'automatic',
      coupon_codes: ['FUZZ10'],
      payment_methods: ['card'],
      background_color: '#ffffff',
      auto_open_wallets: false,
      locale: 'en',
      installments: { max: 3 },
      metadata: { order: '7731' },
    },
    applyCheckoutDiscount: { code: 'FUZZ10' },
    confirmCheckoutSession: { payment_method: { type: 'card', token: 'tok_visa' }, installments: 2, expected_amount: 7_000 },
    completeThreeDSecure: { challenge_id: '3ds_unknown', result: 'authenticated' },
    reportHostedCharge: { challenge_id: 'att_unknown', transaction_id: null, card: null },
    createCardToken: { checkout_session: ids.session, card: { number: CARDS.ok, exp_month: 12, exp_year: 2034, cvc: '123' } },
    createDiscount: {
      name: 'Fuzz',
      code: 'FUZZ',
      automatic: false,
      amount_off: 500,
      currency: 'ils',
      applies_to: { prices: [ids.price], products: [ids.product] },
      starts_at: '2026-01-01T00:00:00Z',
      expires_at: '2027-01-01T00:00:00Z',
      max_redemptions: 5,
      duration: 'once',
      metadata: { campaign: 'fuzz' },
    },
    updateDiscount: { active: true, metadata: { campaign: '' } },
    captureCharge: { amount: 100 },
    cancelCharge: { cancellation_reason: 'requested_by_customer' },
    createRefund: { amount: 100, reason: 'requested_by_customer' },
    redeliverEvent: { endpoint: Number(ids.endpoint) },
    createWebhookEndpoint: { url: 'https://hooks.example.com/kupa', events: ['charge.succeeded'], metadata: { team: 'ops' } },
    updateWebhookEndpoint: { url: 'https://hooks.example.com/kupa/v2', events: ['*'], active: true, metadata: { team: '' } },
    rotateWebhookSecret: { previous_secret_expires_in: 3_600 },
    createTestClock: { frozen_time: '2026-01-01T00:00:00Z', name: 'Fuzz clock' },
    uploadAccountLogo: {
      content_type: 'image/png',
      data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    },
    uploadDocumentCertificate: { pkcs12: 'MIIKAgEDMIIJvAYJKoZIhvcNAQcB', password: 'fuzz' },
    createBillingPortalSession: { customer: ids.customer, return_url: 'https://shop.example.co.il/account', locale: 'en' },
    switchPortalPlan: { price: ids.recurringPrice },
    cancelPortalSubscription: { reason: 'other' },
    createPortalCardToken: { card: { number: CARDS.ok, exp_month: 12, exp_year: 2034, cvc: '123' } },
    addPortalPaymentMethod: { token: 'tok_unknown' },
    completePortalCardCheck: { transaction_id: null, card: null },
    updatePortalCustomer: { email: 'fuzzy@example.co.il', phone: '052-555-1234' },
    advanceTestClock: { frozen_time: '2026-01-02T00:00:00Z' },
    signIn: { email: 'fuzz@example.com', password: 'not a password of anyone', totp_code: '123456' },
    acceptInvitation: { token: 'inv_unknown', name: 'Fuzz', password: 'a long enough password' },
    confirmTwoFactor: { code: '123456' },
    inviteUser: { email: 'invitee@example.com', role: 'viewer', locale: 'en' },
    updateUser: { role: 'support' },
    createApiKey: { scope: 'checkout' },
  };
}

/** A real id for each path parameter, by operation. */
function pathIds(op: Operation): Record<string, string> {
  const byPath: Record<string, Record<string, string>> = {
    '/v1/products/{id}': { id: ids.product },
    '/v1/prices/{id}': { id: ids.price },
    '/v1/customers/{id}': { id: ids.customer },
    '/v1/customers/{id}/payment_methods': { id: ids.customer },
    '/v1/payment_methods/{id}': { id: ids.paymentMethod },
    '/v1/payment_methods/{id}/detach': { id: ids.spareMethod },
    '/v1/subscriptions/{id}': { id: ids.subscription },
    '/v1/subscriptions/{id}/upcoming': { id: ids.subscription },
    '/v1/subscriptions/{id}/cancel': { id: ids.subscription },
    '/v1/checkout_sessions/{id}': { id: ids.session },
    '/v1/checkout_sessions/{id}/page': { id: ids.session },
    '/v1/checkout_sessions/{id}/discount': { id: ids.session },
    '/v1/checkout_sessions/{id}/discount/{code}': { id: ids.session, code: 'FUZZ10' },
    '/v1/checkout_sessions/{id}/confirm': { id: ids.session },
    '/v1/checkout_sessions/{id}/three_d_secure': { id: ids.session },
    '/v1/checkout_sessions/{id}/hosted_charge': { id: ids.session },
    '/v1/checkout_sessions/{id}/bit_notification/{challenge_id}': { id: ids.session, challenge_id: 'att_unknown' },
    '/v1/discounts/{id}': { id: ids.discount },
    '/v1/discounts/{id}/deactivate': { id: ids.discount },
    '/v1/charges/{id}': { id: ids.charge },
    '/v1/charges/{id}/capture': { id: ids.heldCharge },
    '/v1/charges/{id}/cancel': { id: ids.heldCharge },
    '/v1/charges/{id}/refunds': { id: ids.charge },
    '/v1/refunds/{id}': { id: ids.refund },
    '/v1/documents/{id}': { id: ids.document },
    '/v1/documents/{id}/html': { id: ids.document },
    '/v1/documents/{id}/view': { id: ids.document },
    '/v1/documents/{id}/pdf': { id: ids.document },
    '/v1/events/{id}': { id: ids.event },
    '/v1/events/{id}/redeliver': { id: ids.event },
    '/v1/webhooks/{id}': { id: ids.endpoint },
    '/v1/webhooks/{id}/deliveries': { id: ids.endpoint },
    '/v1/webhooks/{id}/rotate_secret': { id: ids.endpoint },
    '/v1/test_helpers/test_clocks/{id}': { id: ids.clock },
    '/v1/test_helpers/test_clocks/{id}/advance': { id: ids.clock },
    '/v1/billing_portal/sessions/{id}/page': { id: ids.portal },
    '/v1/billing_portal/sessions/{id}/card_checks': { id: ids.portal },
    '/v1/billing_portal/sessions/{id}/card_checks/{challenge_id}': { id: ids.portal, challenge_id: 'chk_unknown' },
    '/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/preview': { id: ids.portal, subscription: ids.subscription },
    '/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/switch': { id: ids.portal, subscription: ids.subscription },
    '/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/cancel': { id: ids.portal, subscription: ids.subscription },
    '/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/reactivate': { id: ids.portal, subscription: ids.subscription },
    '/v1/billing_portal/sessions/{id}/tokens': { id: ids.portal },
    '/v1/billing_portal/sessions/{id}/payment_methods': { id: ids.portal },
    '/v1/billing_portal/sessions/{id}/payment_methods/{payment_method}': { id: ids.portal, payment_method: ids.spareMethod },
    '/v1/billing_portal/sessions/{id}/payment_methods/{payment_method}/default': { id: ids.portal, payment_method: ids.spareMethod },
    '/v1/billing_portal/sessions/{id}/customer': { id: ids.portal },
    '/v1/users/{id}': { id: ids.user },
    '/v1/api_keys/{id}/roll': { id: ids.apiKey },
    '/v1/api_keys/{id}/revoke': { id: ids.apiKey },
  };
  return byPath[op.path] ?? {};
}

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const fill = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);

beforeAll(async () => {
  app = await startTestApp(undefined, { dns: new Map([['hooks.example.com', ['93.184.216.34']]]) });
  merchant = await app.createAccount('Fuzzed shop', { walletsEnabled: true });
  other = await app.createAccount('Neighbour shop');
  api = app.client(merchant.testKey);
  const pay = shopper(app);
  ids.clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-01-01T00:00:00Z' } })).data!.data.id;
  ids.product = (await api.POST('/v1/products', { body: { name: 'Lamp' } })).data!.data.id;
  ids.price = (
    await api.POST('/v1/prices', { body: { product: ids.product, unit_amount: 5_000, currency: 'ils', type: 'one_time' } })
  ).data!.data.id;
  ids.recurringPrice = (
    await api.POST('/v1/prices', {
      body: { product: ids.product, unit_amount: 5_000, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
    })
  ).data!.data.id;
  ids.customer = (await api.POST('/v1/customers', { body: { name: 'Fuzzy', email: 'fuzzy@example.co.il' } })).data!.data.id;
  ids.paymentMethod = (await api.POST('/v1/payment_methods', { body: { customer: ids.customer, token: 'tok_visa' } })).data!.data.id;
  ids.spareMethod = (await api.POST('/v1/payment_methods', { body: { customer: ids.customer, token: 'tok_visa' } })).data!.data.id;
  ids.subscription = (
    await api.POST('/v1/subscriptions', { body: { customer: ids.customer, payment_method: ids.paymentMethod, price: ids.recurringPrice } })
  ).data!.data.id;
  ids.discount = (await api.POST('/v1/discounts', { body: { name: 'Ten', code: 'FUZZ10', percent_off: 10 } })).data!.data.id;
  const endpoint = await api.POST('/v1/webhooks', { body: { url: 'https://hooks.example.com/fuzz', events: ['*'] } });
  ids.endpoint = String(endpoint.data!.data.id);
  const sessionOf = (extra: Record<string, unknown> = {}) =>
    api
      .POST('/v1/checkout_sessions', {
        body: {
          customer: ids.customer,
          ...URLS,
          line_items: [{ name: 'Mug', amount_agorot: 3_500, quantity: 2 }],
          installments: { max: 3 },
          ...extra,
        } as never,
      })
      .then((r) => {
        if (!r.data) throw new Error(JSON.stringify(r.error));
        return r.data.data;
      });
  const paid = await sessionOf();
  await pay.payWithCard(paid.id);
  ids.charge = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: paid.id } } })).data!.data.charge!;
  const held = await sessionOf({ capture_method: 'manual', installments: undefined });
  await pay.payWithCard(held.id);
  ids.heldCharge = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: held.id } } })).data!.data.charge!;
  ids.refund = (await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: ids.charge } }, body: { amount: 100 } })).data!.data.id;
  ids.document = (await api.GET('/v1/charges/{id}', { params: { path: { id: ids.charge } } })).data!.data.document!;
  ids.event = (await api.GET('/v1/events', { params: { query: { limit: 1 } } })).data!.data[0].id;
  ids.session = (await sessionOf()).id;
  ids.portal = (await api.POST('/v1/billing_portal/sessions', { body: { customer: ids.customer } })).data!.data.id;
  owner = await teamMember(app, merchant.id, 'owner@fuzzed.example.com', 'owner');
  ids.user = (await teamMember(app, merchant.id, 'viewer@fuzzed.example.com', 'viewer')).userId;
  stranger = await teamMember(app, other.id, 'owner@neighbour.example.com', 'owner');
  ids.apiKey = (await api.POST('/v1/api_keys', { body: { scope: 'full' } })).data!.data.id;
}, 60_000);
afterAll(() => app.close());

/** A request, with a key or as a dashboard user (`login`). */
type Sent = { method: string; url: string; body?: string; key?: string | null; login?: DashboardLogin; contentType?: string };

async function send({ method, url, body, key, login, contentType = 'application/json' }: Sent) {
  const headers: Record<string, string> = {};
  if (key) headers.Authorization = `Bearer ${key}`;
  if (login) Object.assign(headers, { Cookie: `kupa_session=${login.cookie}`, 'X-CSRF-Token': login.csrf });
  if (body !== undefined) headers['Content-Type'] = contentType;
  const res = await fetch(`${app.baseUrl}${url}`, { method, headers, body });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: judged below
  }
  return { status: res.status, contentType: res.headers.get('content-type'), json, text };
}

/** Paths of objects that belong to the account in both modes. */
const ACCOUNT_WIDE = new Set(['/v1/users/{id}']);

/** Public operations go keyless, the dashboard's own with the owner's session, the rest with the secret key. */
function caller(op: Operation): { key: string | null; login?: DashboardLogin } {
  if (op.isPublic) return { key: null };
  if (op.path.startsWith('/v1/dashboard/')) return { key: null, login: owner };
  return { key: merchant.testKey };
}

/** What every answer to a broken request must be: below 500, in the envelope, as documented. */
function judge(label: string, sent: Sent, answer: Awaited<ReturnType<typeof send>>): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
  else if (answer.status >= 400) {
    const error = (answer.json as { success?: boolean; error?: { type?: string; code?: string; message?: string } })?.error;
    if ((answer.json as { success?: boolean })?.success !== false || !error?.type || !error.code || !error.message) {
      problems.push(`${label}: ${answer.status} outside the error envelope: ${answer.text.slice(0, 200)}`);
    }
  }
  try {
    assertMatchesContract(sent.method, `${app.baseUrl}${sent.url}`, answer.status, answer.contentType, answer.json);
  } catch (error) {
    problems.push(`${label}: ${(error as Error).message.slice(0, 300)}`);
  }
  return problems;
}

/** JSON text nested `levels` objects deep (built as text: too deep for JSON.stringify). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}"bottom"${'}'.repeat(levels)}`;
const DEEP = '\u0001deep';

const HUGE = 'x'.repeat(100_000);
const BROKEN_VALUES: [string, unknown][] = [
  ['a lone surrogate', '\ud800'],
  ['a lone low surrogate inside text', 'ab\udc00cd'],
  ['NUL', 'a\u0000b'],
  ['a huge string', HUGE],
  ['2^63', 2 ** 63],
  ['-2^63', -(2 ** 63)],
  ['2^31', 2 ** 31],
  ['-1', -1],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['a numeric string', '12'],
  ['the year 9999', '9999-12-31T23:59:59Z'],
  ['year 0', '0000-01-01T00:00:00Z'],
  ['null', null],
  ['true', true],
  ['an empty object', {}],
  ['an empty array', []],
  ['a long array', Array.from({ length: 5_000 }, () => 'x')],
  ['JSON nested 5000 deep', DEEP],
];

/** Every path in a body where a value sits, and the schema's properties not sent. */
function fieldPaths(value: unknown, schema: Schema | null, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [];
  const resolved = schema?.$ref ? resolveRef<Schema>(document, schema as never) : schema;
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      paths.push([...prefix, i]);
      paths.push(...fieldPaths(item, resolved?.items ?? null, [...prefix, i]));
    });
  } else if (value && typeof value === 'object') {
    const keys = new Set([...Object.keys(value), ...Object.keys(resolved?.properties ?? {})]);
    for (const key of keys) {
      paths.push([...prefix, key]);
      paths.push(...fieldPaths((value as Record<string, unknown>)[key], resolved?.properties?.[key] ?? null, [...prefix, key]));
    }
  }
  return paths;
}

function withValue(body: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let cursor = copy;
  for (const part of path.slice(0, -1)) cursor = cursor[part] as Record<string | number, unknown>;
  cursor[path[path.length - 1]] = replacement;
  return copy;
}

describe('fuzzing every operation of openapi.yaml', () => {
  it('covers every operation: a valid body for each that takes one, an id for each path parameter', () => {
    const bodies = validBodies();
    const missingBodies = operations.filter((op) => op.hasBody && !bodies[op.id]).map((op) => op.id);
    const missingIds = operations.filter((op) => pathParams(op.path).some((name) => !pathIds(op)[name])).map((op) => op.id);
    expect({ missingBodies, missingIds }).toEqual({ missingBodies: [], missingIds: [] });
  });

  it('answers every body with one broken field below 500, in the envelope, as documented', async () => {
    const bodies = validBodies();
    const problems: string[] = [];
    for (const op of operations.filter((o) => o.hasBody && o.method !== 'GET')) {
      const url = fill(op.path, pathIds(op));
      const { key, login } = caller(op);
      const base = bodies[op.id];
      const sends: [string, string][] = [
        ['the whole body nested 5000 deep', deepJson(5_000)],
        ['an array body', '[]'],
        ['a string body', '"x"'],
        ['null', 'null'],
      ];
      for (const path of fieldPaths(base, op.bodySchema)) {
        for (const [label, value] of BROKEN_VALUES)
          sends.push([
            `${path.join('.')} = ${label}`,
            JSON.stringify(withValue(base, path, value)).replace(JSON.stringify(DEEP), deepJson(5_000)),
          ]);
      }
      for (const [label, body] of sends) {
        const sent = { method: op.method, url, body, key, login };
        problems.push(...judge(`${op.id} ${label}`, sent, await send(sent)));
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('answers broken path ids and queries below 500, in the envelope, as documented', async () => {
    const problems: string[] = [];
    const brokenIds: [string, string][] = [
      ['a lone surrogate, UTF-8 encoded', '%ED%A0%80'],
      ['bad percent-encoding', '%E0%A4%A'],
      ['NUL', 'x%00y'],
      ['a huge id', 'x'.repeat(5_000)],
      ['2^63', '9223372036854775808'],
      ['-1', '-1'],
      ['1.5', '1.5'],
      ['dots', '..'],
    ];
    for (const op of operations) {
      const real = pathIds(op);
      const { key, login } = caller(op);
      const body = op.hasBody ? JSON.stringify(validBodies()[op.id]) : undefined;
      for (const name of pathParams(op.path)) {
        for (const [label, broken] of brokenIds) {
          const sent = { method: op.method, url: fill(op.path, { ...real, [name]: broken }), body, key, login };
          problems.push(...judge(`${op.id} {${name}} = ${label}`, sent, await send(sent)));
        }
      }
      if (op.method === 'GET') {
        for (const query of [
          'limit=1e400',
          'limit=-1',
          'limit=abc',
          'limit=99999999999999999999',
          'starting_after=%ED%A0%80',
          'starting_after=%00',
          'limit=1&limit=2',
          'unknown=1',
          'type=%ED%A0%80',
        ]) {
          const sent = { method: 'GET', url: `${fill(op.path, real)}?${query}`, key, login };
          problems.push(...judge(`${op.id} ?${query}`, sent, await send(sent)));
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

describe('isolation sweep over every operation that takes an id', () => {
  it("answers another account's id and the other mode's id exactly as an unknown one: 404 resource_missing", async () => {
    const problems: string[] = [];
    for (const op of operations.filter((o) => !o.isPublic && pathParams(o.path).length > 0)) {
      const real = pathIds(op);
      const body = op.hasBody ? JSON.stringify(validBodies()[op.id]) : undefined;
      const unknown = Object.fromEntries(
        Object.entries(real).map(([name, value]) => [
          name,
          /^\d+$/.test(value) ? '999999' : value.replace(/_[A-Za-z0-9]+$/, '_000000000000000000000000'),
        ]),
      );
      // The account's people are reached by live keys only (a test-mode key is refused them, whatever the id).
      const accountWide = ACCOUNT_WIDE.has(op.path);
      const reference = await send({
        method: op.method,
        url: fill(op.path, unknown),
        body,
        key: accountWide ? merchant.liveKey : merchant.testKey,
      });
      const normalize = (answer: Awaited<ReturnType<typeof send>>, id: Record<string, string>) =>
        JSON.stringify({ status: answer.status, json: answer.json })
          .split(id.id ?? '\u0000')
          .join('<id>');
      const expected = normalize(reference, unknown);
      if (reference.status !== 404) problems.push(`${op.id}: an unknown id answered ${reference.status}, not 404`);
      const callers: [string, Partial<Sent>][] = [
        ["another account's key", { key: accountWide ? other.liveKey : other.testKey }],
        ["another account's dashboard user", { login: stranger }],
      ];
      // Users are the account's, in both modes.
      if (!accountWide) callers.push(["the other mode's key", { key: merchant.liveKey }]);
      for (const [who, credentials] of callers) {
        const answer = await send({ method: op.method, url: fill(op.path, real), body, ...credentials });
        if (normalize(answer, real) !== expected)
          problems.push(
            `${op.id} with ${who}: ${answer.status} ${answer.text.slice(0, 160)} (an unknown id: ${reference.text.slice(0, 160)})`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
