import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKupaClient, KupaError, unwrap } from './index';

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
      res.end(JSON.stringify({ success: false, error: { type: 'authentication_error', code: 'api_key_invalid', message: 'Invalid API key provided.' } }));
      return;
    }
    res.end(JSON.stringify({ success: true, data: { id: 'cus_1', object: 'customer', name: 'Dana', email: null, phone: null, test_clock: null, livemode: false, created: '2026-01-01T00:00:00.000Z' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('createKupaClient', () => {
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
});

describe('retries and Idempotency-Key', () => {
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
      res.end(JSON.stringify({ success: true, data: { id: 'cus_2', object: 'customer', name: 'Retried', email: null, phone: null, test_clock: null, livemode: false, created: '2026-01-01T00:00:00.000Z' } }));
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    flakyUrl = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => flaky.close(resolve)));

  const unavailable = (res: import('node:http').ServerResponse) => res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"success":false,"error":{"type":"api_error","code":"processor_unavailable","message":"later"}}');
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

  it('keeps the caller\'s own Idempotency-Key, and gives each new POST its own', async () => {
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
    script.push((res) => res.writeHead(429, { 'Retry-After': '1', 'Content-Type': 'application/json' }).end('{"success":false,"error":{"type":"rate_limit_error","code":"rate_limited","message":"slow down"}}'));
    const kupa = createKupaClient({ baseUrl: flakyUrl, apiKey: 'sk_test_good', retryDelayMs: 1 });
    const started = Date.now();
    const { data } = await kupa.GET('/v1/customers/{id}', { params: { path: { id: 'cus_2' } } });
    expect(data?.data.id).toBe('cus_2');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(keys).toEqual([undefined, undefined]); // GETs carry no key
  });

  it('gives up after maxRetries and returns the last answer as the error', async () => {
    script.push(unavailable, unavailable);
    const kupa = createKupaClient({ baseUrl: flakyUrl, apiKey: 'sk_test_good', maxRetries: 1, retryDelayMs: 1 });
    const { error, response } = await kupa.POST('/v1/customers', { body: { name: 'Never' } });
    expect(response.status).toBe(503);
    expect(error?.error.code).toBe('processor_unavailable');
  });
});

describe('unwrap and KupaError', () => {
  it('answers the data, or throws an error with its code, message, status and Request-Id', async () => {
    const kupa = createKupaClient({ baseUrl, apiKey: 'sk_test_bad' });
    let thrown: unknown;
    try {
      unwrap(await kupa.GET('/v1/customers/{id}', { params: { path: { id: 'cus_1' } } }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(KupaError);
    expect(thrown).toMatchObject({ code: 'api_key_invalid', type: 'authentication_error', status: 401, message: 'Invalid API key provided.', requestId: 'req_auth' });
    const good = createKupaClient({ baseUrl, apiKey: 'sk_test_good' });
    expect(unwrap(await good.POST('/v1/customers', { body: { name: 'Dana' } })).data.name).toBe('Dana');
  });
});
