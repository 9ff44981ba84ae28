import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { AccountSchema } from '../src/modules/accounts/infrastructure/postgres/account.schema';
import { Customer } from '../src/modules/customers/domain/customer';
import { createContractRouter } from '../src/platform/http/contract-router';
import { inOwnContext } from '../src/platform/persistence/own-context';
import { AggregateTable } from '../src/platform/persistence/sql/aggregate-table';
import { errorMapper } from '../src/platform/http/error-mapper';
import { loadOpenApi } from '../src/platform/http/openapi-document';
import { rawRequest } from './support/contract';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';

let app: TestApp;
let merchant: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.createAccount('Platform merchant');
});
afterAll(() => app.close());

const json = (key: string | undefined, body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}), ...extra },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('authentication', () => {
  it('answers 401 api_key_missing with WWW-Authenticate when no key is sent', async () => {
    const res = await rawRequest(`${app.baseUrl}/v1/products`, json(undefined, { name: 'x' }));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.body.error).toMatchObject({ type: 'authentication_error', code: 'api_key_missing' });
  });

  it.each(['sk_test_unknownunknownunknownunknown12', 'not-a-key', 'sk_test_'])(
    'answers 401 api_key_invalid for %s without echoing it',
    async (key) => {
      const res = await rawRequest(`${app.baseUrl}/v1/products`, json(key, { name: 'x' }));
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.body.error.code).toBe('api_key_invalid');
      expect(JSON.stringify(res.body)).not.toContain(key);
    },
  );

  it('treats a non-Bearer Authorization header as a missing key', async () => {
    const res = await rawRequest(`${app.baseUrl}/v1/products`, {
      headers: { Authorization: `Basic ${Buffer.from(`${merchant.testKey}:`).toString('base64')}` },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('api_key_missing');
  });

  it('stops accepting a rotated key and accepts its replacement', async () => {
    const owner = await app.createAccount('Rotator');
    const fresh = await app.issueKey(owner.id, { livemode: false, scope: 'full', rotate: true });
    const old = await app.client(owner.testKey).GET('/v1/products');
    expect(old.response.status).toBe(401);
    expect(old.error!.error.code).toBe('api_key_invalid');
    const now = await app.client(fresh).GET('/v1/products');
    expect(now.response.status).toBe(200);
    const live = await app.client(owner.liveKey).GET('/v1/products');
    expect(live.response.status).toBe(200);
  });

  it('reports the account and mode of the key', async () => {
    const test = await app.client(merchant.testKey).GET('/v1/account');
    expect(test.data!.data).toMatchObject({
      id: merchant.id,
      object: 'account',
      name: 'Platform merchant',
      livemode: false,
      wallets_enabled: false,
      live_onboarded: false,
    });
    const live = await app.client(merchant.liveKey).GET('/v1/account');
    expect(live.data!.data.livemode).toBe(true);
  });
});

describe('checkout-scoped keys', () => {
  it('may read, create customers, and nothing else that writes', async () => {
    const ck = await app.issueKey(merchant.id, { livemode: false, scope: 'checkout' });
    expect(ck).toMatch(/^ck_test_[0-9A-Za-z]{32}$/);
    const api = app.client(ck);
    expect((await api.POST('/v1/customers', { body: { name: 'Via ck' } })).response.status).toBe(200);
    expect((await api.GET('/v1/products')).response.status).toBe(200);
    const denied = await api.POST('/v1/products', { body: { name: 'Nope' } });
    expect(denied.response.status).toBe(403);
    expect(denied.error!.error).toMatchObject({ type: 'permission_error', code: 'permission_denied' });
  });
});

describe('isolation', () => {
  it("gives another account's id, the other mode's id and an unknown id the same 404", async () => {
    const product = (await app.client(merchant.testKey).POST('/v1/products', { body: { name: 'Private' } })).data!.data;
    const stranger = await app.createAccount('Stranger');
    const answers = await Promise.all([
      app.client(stranger.testKey).GET('/v1/products/{id}', { params: { path: { id: product.id } } }),
      app.client(merchant.liveKey).GET('/v1/products/{id}', { params: { path: { id: product.id } } }),
      app.client(merchant.testKey).GET('/v1/products/{id}', { params: { path: { id: 'prod_000000000000000000000000' } } }),
    ]);
    const bodies = answers.map((a) => ({ status: a.response.status, code: a.error!.error.code, type: a.error!.error.type }));
    expect(bodies).toEqual(Array(3).fill({ status: 404, code: 'resource_missing', type: 'invalid_request_error' }));
    expect(answers[0].error!.error.message).toBe(answers[1].error!.error.message);
  });

  it("lists only the key's account and mode", async () => {
    const owner = await app.createAccount('Lister');
    await app.client(owner.testKey).POST('/v1/customers', { body: { name: 'Test-mode customer' } });
    const live = await app.client(owner.liveKey).GET('/v1/customers');
    expect(live.data!.data).toEqual([]);
    const stranger = await app.createAccount('Other lister');
    expect((await app.client(stranger.testKey).GET('/v1/customers')).data!.data).toEqual([]);
    const own = await app.client(owner.testKey).GET('/v1/customers');
    expect(own.data!.data.map((c) => c.name)).toEqual(['Test-mode customer']);
  });

  it('creates live-mode objects with a live key', async () => {
    const res = await app.client(merchant.liveKey).POST('/v1/customers', { body: { name: 'Live customer' } });
    expect(res.data!.data.livemode).toBe(true);
  });
});

describe('request validation from the contract', () => {
  it("names an unknown field, covering the spec's customer_email and mode", async () => {
    for (const field of ['customer_email', 'mode', 'color']) {
      const res = await app.client(merchant.testKey).POST('/v1/products', { body: { name: 'x', [field]: 'y' } as never });
      expect(res.response.status).toBe(400);
      expect(res.error!.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_unknown', param: field });
    }
  });

  it('names a missing field', async () => {
    const res = await app
      .client(merchant.testKey)
      .POST('/v1/prices', { body: { unit_amount: 100, currency: 'ils', type: 'one_time' } as never });
    expect(res.error!.error).toMatchObject({ code: 'parameter_missing', param: 'product' });
  });

  it('names a field of the wrong type', async () => {
    const res = await app.client(merchant.testKey).POST('/v1/products', { body: { name: 42 } as never });
    expect(res.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'name' });
  });

  it('names a field out of range, including query parameters', async () => {
    const tooLong = await app.client(merchant.testKey).POST('/v1/products', { body: { name: 'x'.repeat(256) } });
    expect(tooLong.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'name' });
    for (const limit of [0, 101]) {
      const res = await app.client(merchant.testKey).GET('/v1/products', { params: { query: { limit } } });
      expect(res.response.status).toBe(400);
      expect(res.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'limit' });
    }
    const unknownQuery = await rawRequest(`${app.baseUrl}/v1/products?sort=name`, {
      headers: { Authorization: `Bearer ${merchant.testKey}` },
    });
    expect(unknownQuery.body.error).toMatchObject({ code: 'parameter_unknown', param: 'sort' });
  });

  it('rejects a body that is not an object, or not JSON', async () => {
    const array = await rawRequest(`${app.baseUrl}/v1/products`, json(merchant.testKey, '[1,2]'));
    expect(array.status).toBe(400);
    expect(array.body.error.code).toBe('parameter_invalid');
    const broken = await rawRequest(`${app.baseUrl}/v1/products`, json(merchant.testKey, '{"name":'));
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('invalid_json');
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await rawRequest(`${app.baseUrl}/v1/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${merchant.testKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Shirt',
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('answers 413 for a body over 1 MB, and writes nothing', async () => {
    const owner = await app.createAccount('Big bodies');
    const res = await rawRequest(`${app.baseUrl}/v1/products`, json(owner.testKey, { name: 'x', description: 'y'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('body_too_large');
    expect((await app.client(owner.testKey).GET('/v1/products')).data!.data).toEqual([]);
  });

  it('limits public endpoints to 8 KB bodies', async () => {
    const res = await rawRequest(`${app.baseUrl}/v1/checkout_sessions/co_x/discount`, json(undefined, { code: 'x'.repeat(9000) }));
    expect(res.status).toBe(413);
  });
});

describe('routing', () => {
  it('serves every path under the /api/v1 alias too', async () => {
    const res = await rawRequest(`${app.baseUrl}/api/v1/products`, json(merchant.testKey, { name: 'Via alias' }));
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Via alias');
    const fetched = await rawRequest(`${app.baseUrl}/api/v1/products/${res.body.data.id}`, {
      headers: { Authorization: `Bearer ${merchant.testKey}` },
    });
    expect(fetched.body.data).toEqual(res.body.data);
  });

  it('answers 501 not_implemented, after validating, for an operation no module serves', async () => {
    // A router from the contract with no handlers at all, as a new operation is before its module serves it.
    const bare = express()
      .use(
        createContractRouter({
          document: loadOpenApi().document,
          handlers: {},
          authenticate: async () => ({
            accountId: merchant.id,
            livemode: false,
            scope: 'full',
            actor: { kind: 'key', keyId: 'key_x', role: 'admin', madeBy: null, refundLimit: null },
          }),
          limits: { authenticatedBody: 1024 * 1024, publicBody: 8 * 1024 },
          publicCorsOrigin: 'http://localhost',
        }),
      )
      .use(errorMapper(app.services.logger));
    const server = bare.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const res = await rawRequest(`${base}/v1/refunds`, { headers: { Authorization: 'Bearer sk_test_x' } });
      expect(res.status).toBe(501);
      expect(res.body.error).toMatchObject({ type: 'api_error', code: 'not_implemented' });
      const invalid = await rawRequest(`${base}/v1/refunds?limit=500`, { headers: { Authorization: 'Bearer sk_test_x' } });
      expect(invalid.status).toBe(400);
    } finally {
      server.close();
    }
  });

  it('takes a trailing slash as the same path, and HEAD as GET without a body', async () => {
    const auth = { headers: { Authorization: `Bearer ${merchant.testKey}` } };
    const slashed = await rawRequest(`${app.baseUrl}/v1/account/`, auth);
    expect(slashed.status).toBe(200);
    expect(slashed.body.data.id).toBe(merchant.id);
    const head = await fetch(`${app.baseUrl}/api/v1/account`, { method: 'HEAD', ...auth });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');
    const unknownMethod = await fetch(`${app.baseUrl}/v1/account`, { method: 'PUT', ...auth });
    expect(unknownMethod.status).toBe(404);
  });

  it('answers 404 route_not_found for an unknown path, with a Request-Id', async () => {
    const res = await fetch(`${app.baseUrl}/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('route_not_found');
  });

  it('gives every response a distinct Request-Id', async () => {
    const a = await fetch(`${app.baseUrl}/v1/products`);
    const b = await fetch(`${app.baseUrl}/v1/products`);
    expect(a.headers.get('request-id')).toMatch(/^req_/);
    expect(a.headers.get('request-id')).not.toBe(b.headers.get('request-id'));
  });

  it('serves the contract and its rendered reference without any CDN', async () => {
    const yaml = await fetch(`${app.baseUrl}/openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toContain('openapi: 3.1.0');
    const docs = await (await fetch(`${app.baseUrl}/docs`)).text();
    expect(docs).toContain('spec-url="/openapi.yaml"');
    const scripts = [...docs.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/docs/redoc.standalone.js']);
    const bundle = await fetch(`${app.baseUrl}${scripts[0]}`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });
});

describe('CORS', () => {
  it('lets only the checkout host call public endpoints from a browser, and no origin call keyed ones', async () => {
    const checkoutOrigin = new URL(app.services.config.checkoutHostUrl).origin;
    const preflight = await fetch(`${app.baseUrl}/v1/checkout_sessions/co_x/discount`, {
      method: 'OPTIONS',
      headers: { Origin: checkoutOrigin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(checkoutOrigin);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type');

    const foreign = await fetch(`${app.baseUrl}/v1/checkout_sessions/co_x/page`, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const keyed = await fetch(`${app.baseUrl}/v1/products`, { headers: { Origin: checkoutOrigin } });
    expect(keyed.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('unreadable input is a 4xx, never a 500', () => {
  it('rejects a malformed URL encoding', async () => {
    const res = await rawRequest(`${app.baseUrl}/v1/products/%ZZ`, { headers: { Authorization: `Bearer ${merchant.testKey}` } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });

  it('rejects NUL characters in body fields, keys and query values, naming them', async () => {
    const api = app.client(merchant.testKey);
    const inName = await api.POST('/v1/products', { body: { name: 'a\u0000b' } });
    expect(inName.response.status).toBe(400);
    expect(inName.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'name' });
    const inQuery = await api.GET('/v1/customers', { params: { query: { email: 'a\u0000@b.co' } } });
    expect(inQuery.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'email' });
    const nested = await api.POST('/v1/prices', {
      body: { product: 'p', unit_amount: 1, currency: 'ils', type: 'recurring', recurring: { interval: 'month\u0000' } } as never,
    });
    expect(nested.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'recurring.interval' });
  });

  it('rejects a body that claims a compression it does not have', async () => {
    const res = await rawRequest(`${app.baseUrl}/v1/products`, json(merchant.testKey, { name: 'x' }, { 'Content-Encoding': 'gzip' }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });

  it('rejects lone surrogates anywhere, and JSON nested too deep, naming the field', async () => {
    const api = app.client(merchant.testKey);
    const lone = await api.POST('/v1/customers', { body: { name: 'Dana \ud83d' } });
    expect(lone.response.status).toBe(400);
    expect(lone.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'name' });
    const low = await api.POST('/v1/products', { body: { name: 'ok', description: '\udc00 alone' } });
    expect(low.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'description' });
    // A well-formed pair (an emoji) is fine.
    expect((await api.POST('/v1/products', { body: { name: 'Mug \ud83d\ude00' } })).data!.data.name).toBe('Mug \ud83d\ude00');
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const res = await rawRequest(`${app.baseUrl}/v1/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${merchant.testKey}`, 'Content-Type': 'application/json' },
      body: deep,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid' });
  });

  it('refuses timestamps outside 1970–2099, such as a test clock sent to the year 9999', async () => {
    const api = app.client(merchant.testKey);
    const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-01-01T00:00:00Z' } })).data!.data;
    const far = await api.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: clock.id } },
      body: { frozen_time: '9999-12-31T23:59:59Z' },
    });
    expect(far.response.status).toBe(400);
    expect(far.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'frozen_time' });
    const ancient = await api.POST('/v1/discounts', {
      body: { name: 'Old', code: 'OLD', percent_off: 5, starts_at: '0000-01-01T00:00:00Z' },
    });
    expect(ancient.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'starts_at' });
  });

  it('answers what the HTTP server refuses itself in the envelope with a Request-Id: a broken request line (400), headers over the limit (431)', async () => {
    const raw = async (text: string) => (await exchange(app, text)).answers.join('');
    const broken = await raw('GARBAGE\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(broken).toMatch(/\r\nRequest-Id: req_[0-9A-Za-z]{20}\r\n/);
    expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4)).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_request',
    });
    const huge = await raw(`GET /v1/products HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(huge).toMatch(/\r\nRequest-Id: req_[0-9A-Za-z]{20}\r\n/);
    // HTTP/1.0 needs no Host: such a request is answered like any other.
    const noHost = await raw('GET /v1/products HTTP/1.0\r\n\r\n');
    expect(noHost).toMatch(/^HTTP\/1\.1 401 /);
    expect(noHost).toMatch(/\r\nRequest-Id: req_[0-9A-Za-z]{20}\r\n/);
    expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4)).error).toMatchObject({ code: 'request_headers_too_large' });
  });

  it('refuses a body declared over the limit at once, before reading it, and closes the connection (413)', async () => {
    const huge = await exchange(
      app,
      `POST /v1/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${merchant.testKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2097152\r\n\r\n{"name":"',
    );
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatchObject({ type: 'invalid_request_error', code: 'body_too_large' });
    const token = await exchange(
      app,
      'POST /v1/tokens HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9000\r\n\r\n{"card":{',
    );
    expect(token.status).toBe(413);
    expect(token.body.error).toMatchObject({ code: 'body_too_large' });
  });

  it('refuses OPTIONS on keyed endpoints in the envelope (405, with Allow)', async () => {
    const res = await fetch(`${app.baseUrl}/v1/customers`, { method: 'OPTIONS' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, GET');
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ type: 'invalid_request_error', code: 'method_not_allowed' });
  });

  it('rejects a JSON body in another charset', async () => {
    const res = await rawRequest(
      `${app.baseUrl}/v1/products`,
      json(merchant.testKey, { name: 'x' }, { 'Content-Type': 'application/json; charset=latin1' }),
    );
    expect(res.status).toBe(415);
  });
});

/**
 * Sends `text` over a raw connection and leaves it open, as a slow or stalled client does; resolves once
 * the server has answered and closed the connection, with every answer it sent.
 */
function exchange(target: TestApp, text: string): Promise<{ status: number; requestId: string; body: any; answers: string[] }> {
  const { port } = new URL(target.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answers = received.split(/(?=HTTP\/1\.1 \d{3} )/);
      const last = answers.at(-1)!;
      resolve({
        status: Number(last.slice(9, 12)),
        requestId: /\r\nRequest-Id: (\S+)\r\n/i.exec(last)?.[1] ?? '',
        body: JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4)),
        answers,
      });
    });
  });
}

describe('slow clients', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await startTestApp(app.databaseUrl, { env: { REQUEST_TIMEOUT_MS: '500' } });
  });
  afterAll(() => slow.close());

  it('answers 408 and closes the connection of a body that never arrives whole', async () => {
    const stalled = await exchange(
      slow,
      `POST /v1/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${merchant.testKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
    );
    expect(stalled.status).toBe(408);
    expect(stalled.requestId).toMatch(/^req_[0-9A-Za-z]{20}$/);
    expect(stalled.body.error).toMatchObject({ type: 'invalid_request_error', code: 'request_timeout' });
  });

  it('answers 408 to headers that never end, and to a slow request on a connection kept alive', async () => {
    const headers = await exchange(slow, 'POST /v1/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x\r\n');
    expect(headers.status).toBe(408);
    expect(headers.body.error).toMatchObject({ code: 'request_timeout' });
    const kept = await exchange(slow, 'GET /v1/products HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/products HTTP/1.1\r\nHost: x\r\n');
    expect(kept.answers.map((answer) => answer.slice(0, 12))).toEqual(['HTTP/1.1 401', 'HTTP/1.1 408']);
  });
});

describe('identity maps', () => {
  it('each request or job reads into its own: the same row twice is one object there, and another in the next', async () => {
    const { em } = app.services.orm;
    const read = () =>
      inOwnContext(em, async () => {
        const first = await em.findOneOrFail(AccountSchema, merchant.id);
        const again = await em.findOneOrFail(AccountSchema, merchant.id);
        return { first, again };
      });
    const [one, other] = await Promise.all([read(), read()]);
    expect(one.first).toBe(one.again);
    expect(other.first).toBe(other.again);
    expect(one.first).not.toBe(other.first);
    expect(one.first.id).toBe(merchant.id);
    await expect(em.findOne(AccountSchema, merchant.id)).rejects.toThrow(/global EntityManager/);
  });
});

describe('plain inserts of entities', () => {
  it("write each property to its schema's column, a property left undefined as the column's default, and read back the same", async () => {
    const { em } = app.services.orm;
    const scope = { accountId: merchant.id, livemode: false };
    const now = new Date('2026-05-01T12:34:56.789Z');
    const full = Customer.create(
      scope,
      { name: 'Plain Insert', email: 'plain@example.co.il', phone: '+972525551234', taxId: '516179157' },
      now,
    );
    const sparse = Customer.create(scope, { name: 'Sparse Insert' }, now);
    (sparse as { email?: string | null }).email = undefined;
    await inOwnContext(em, () => new AggregateTable(Customer, []).insert(em.fork(), [full, sparse]));
    const read = await inOwnContext(em, async () => em.find(Customer, { id: [full.id, sparse.id] }, { orderBy: { name: 'asc' } }));
    expect(read.map((c) => [c.name, c.email, c.phone, c.taxId, c.createdAt.toISOString()])).toEqual([
      ['Plain Insert', 'plain@example.co.il', '+972525551234', '516179157', '2026-05-01T12:34:56.789Z'],
      ['Sparse Insert', null, null, null, '2026-05-01T12:34:56.789Z'],
    ]);
  });
});

describe('the notification connection', () => {
  it('stops cleanly with a LISTEN still on its way: nothing is left unhandled', async () => {
    const { PgNotifications } = await import('../src/platform/persistence/pg-notifications');
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args), debug: () => {} } as never;
    const notifications = new PgNotifications(app.databaseUrl, logger);
    await notifications.start();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // A subscriber arriving as the service stops: its LISTEN is cut off by the connection's end.
      notifications.on('kupa_test_channel', () => {});
      await notifications.stop();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
