import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKupaClient as createPooled, type KupaClientOptions, KupaError, unwrap } from './index';

// Every behaviour holds on both ways a request goes: Node's pooled connections (the default) and `fetch`
// (a caller's own, or the runtime's where there is no Node).
const ways = [
  { way: 'pooled connections', createKupaClient: createPooled },
  { way: 'fetch', createKupaClient: (options: KupaClientOptions) => createPooled({ ...options, fetch: globalThis.fetch }) },
];

let server: Server;
let baseUrl: string;
const seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body: await readBody(req) });
    res.setHeader('Content-Type', 'application/json');
    if (req.headers.authorization !== 'Bearer sk_test_good') {
      res.statusCode = 401;
      res.setHeader('Request-Id', 'req_auth');
      res.end(
        JSON.stringify({
          success: false,
          error: { type: 'authentication_error', code: 'api_key_invalid', message: 'Invalid API key provided.' },
        }),
      );
      return;
    }
    res.setHeader('Request-Id', 'req_ok');
    if (req.url?.includes('/v1/documents/export')) {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.end('\ufeffסוג,מספר\r\n320,1\r\n');
      return;
    }
    res.end(
      JSON.stringify({
        success: true,
        data: {
          id: 'cus_1',
          object: 'customer',
          name: 'Dana',
          email: null,
          phone: null,
          test_clock: null,
          livemode: false,
          created: '2026-01-01T00:00:00.000Z',
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe.each(ways)('createKupaClient over $way', ({ createKupaClient }) => {
  it('sends the key as a bearer token and the body as JSON, and returns typed data', async () => {
    const kupa = createKupaClient({ baseUrl, apiKey: 'sk_test_good' });
    const { data, error } = await kupa.POST('/v1/customers', { body: { name: 'Dana' } });
    expect(error).toBeUndefined();
    expect(data?.data.name).toBe('Dana');
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/customers', authorization: 'Bearer sk_test_good' });
    expect(JSON.parse(request.body)).toEqual({ name: 'Dana' });
  });

  it('returns the API error as `error`, not as an exception', async () => {
    const kupa = createKupaClient({ baseUrl, apiKey: 'sk_test_bad' });
    const { data, error, response } = await kupa.GET('/v1/customers/{id}', { params: { path: { id: 'cus_1' } } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(401);
    expect(error?.error.code).toBe('api_key_invalid');
  });

  it("puts path and query parameters in the URL, under the base URL's own path", async () => {
    const kupa = createKupaClient({ baseUrl: `${baseUrl}/api/`, apiKey: 'sk_test_good' });
    const { response } = await kupa.GET('/v1/customers/{id}', { params: { path: { id: 'cus 1/2' } } });
    expect(seen.at(-1)?.url).toBe('/api/v1/customers/cus%201%2F2');
    expect(response.status).toBe(200);
    expect(response.headers.get('Request-Id')).toBe('req_ok');
    await kupa.GET('/v1/customers', { params: { query: { limit: 2, email: 'noa+1@example.co.il', starting_after: undefined } } });
    expect(seen.at(-1)?.url).toBe('/api/v1/customers?limit=2&email=noa%2B1%40example.co.il');
  });

  it("reads a text answer when asked to (the accountant's CSV)", async () => {
    const kupa = createKupaClient({ baseUrl, apiKey: 'sk_test_good' });
    const { data, response } = await kupa.GET('/v1/documents/export', {
      params: { query: { issued_from: '2026-11-01', issued_to: '2026-11-30' } },
      parseAs: 'text',
    });
    expect(data).toBe('סוג,מספר\r\n320,1\r\n'); // decoded as Response.text() decodes: UTF-8, the BOM consumed
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
  });

  it("rejects as fetch does when the API cannot be reached: a TypeError whose cause is the socket's error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const kupa = createKupaClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk_test_good', maxRetries: 0 });
    const failure = await kupa.GET('/v1/customers').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError & { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
  });
});

describe.each(ways)('retries and Idempotency-Key over $way', ({ createKupaClient }) => {
  let flaky: Server;
  let flakyUrl: string;
  const script: ((res: import('node:http').ServerResponse, req: IncomingMessage) => void)[] = [];
  const keys: (string | undefined)[] = [];

  beforeAll(async () => {
    flaky = createServer(async (req, res) => {
      await readBody(req);
      keys.push(req.headers['idempotency-key'] as string | undefined);
      const next = script.shift();
      if (next) return next(res, req);
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Request-Id', 'req_ok');
      res.end(
        JSON.stringify({
          success: true,
          data: {
            id: 'cus_2',
            object: 'customer',
            name: 'Retried',
            email: null,
            phone: null,
            test_clock: null,
            livemode: false,
            created: '2026-01-01T00:00:00.000Z',
          },
        }),
      );
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    flakyUrl = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => flaky.close(resolve)));

  const unavailable = (res: import('node:http').ServerResponse) =>
    res
      .writeHead(503, { 'Content-Type': 'application/json' })
      .end('{"success":false,"error":{"type":"api_error","code":"processor_unavailable","message":"later"}}');
  const dropped = (_res: import('node:http').ServerResponse, req: IncomingMessage) => req.socket.destroy();

  it('tries a POST again after 5xx and a dropped connection, with the same generated Idempotency-Key', async () => {
    keys.length = 0;
    script.push(unavailable, dropped);
    const kupa = createKupaClient({ baseUrl: flakyUrl, apiKey: 'sk_test_good', retryDelayMs: 10 });
    const { data } = await kupa.POST('/v1/customers', { body: { name: 'Retried' } });
    expect(data?.data.id).toBe('cus_2');
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("keeps the caller's own Idempotency-Key, and gives each new POST its own", async () => {
    keys.length = 0;
    const kupa = createKupaClient({ baseUrl: flakyUrl, apiKey: 'sk_test_good' });
    await kupa.POST('/v1/customers', { params: { header: { 'Idempotency-Key': 'order-42' } }, body: { name: 'Mine' } });
    await kupa.POST('/v1/customers', { body: { name: 'A' } });
    await kupa.POST('/v1/customers', { body: { name: 'B' } });
    expect(keys[0]).toBe('order-42');
    expect(keys[1]).not.toBe(keys[2]);
  });

  it('waits the Retry-After of a 429 before trying again', async () => {
    keys.length = 0;
    script.push((res) =>
      res
        .writeHead(429, { 'Retry-After': '1', 'Content-Type': 'application/json' })
        .end('{"success":false,"error":{"type":"rate_limit_error","code":"rate_limited","message":"slow down"}}'),
    );
    const kupa = createKupaClient({ baseUrl: flakyUrl, apiKey: 'sk_test_good', retryDelayMs: 1 });
    const started = Date.now();
    const { data } = await kupa.GET('/v1/customers/{id}', { params: { path: { id: 'cus_2' } } });
    expect(data?.data.id).toBe('cus_2');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(keys).toEqual([undefined, undefined]); // GETs carry no key
  });

  it('does not try again a request its caller aborted', async () => {
    keys.length = 0;
    script.push(() => undefined); // never answers
    // A backoff longer than the test's time: waiting it out before giving up would fail the test.
    const kupa = createKupaClient({ baseUrl: flakyUrl, apiKey: 'sk_test_good', retryDelayMs: 60_000 });
    const abort = new AbortController();
    const pending = kupa.POST('/v1/customers', { body: { name: 'Abandoned' }, signal: abort.signal }).catch((error: unknown) => error);
    while (keys.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    abort.abort();
    expect(((await pending) as Error).name).toBe('AbortError');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(keys).toHaveLength(1);
  });

  it('gives up after maxRetries and returns the last answer as the error', async () => {
    script.push(unavailable, unavailable);
    const kupa = createKupaClient({ baseUrl: flakyUrl, apiKey: 'sk_test_good', maxRetries: 1, retryDelayMs: 1 });
    const { error, response } = await kupa.POST('/v1/customers', { body: { name: 'Never' } });
    expect(response.status).toBe(503);
    expect(error?.error.code).toBe('processor_unavailable');
  });
});

describe.each(ways)('unwrap and KupaError over $way', ({ createKupaClient }) => {
  it('answers the data, or throws an error with its code, message, status and Request-Id', async () => {
    const kupa = createKupaClient({ baseUrl, apiKey: 'sk_test_bad' });
    let thrown: unknown;
    try {
      unwrap(await kupa.GET('/v1/customers/{id}', { params: { path: { id: 'cus_1' } } }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(KupaError);
    expect(thrown).toMatchObject({
      code: 'api_key_invalid',
      type: 'authentication_error',
      status: 401,
      message: 'Invalid API key provided.',
      requestId: 'req_auth',
    });
    const good = createKupaClient({ baseUrl, apiKey: 'sk_test_good' });
    expect(unwrap(await good.POST('/v1/customers', { body: { name: 'Dana' } })).data.name).toBe('Dana');
  });
});
