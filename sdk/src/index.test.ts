import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKupaClient } from './index';

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
