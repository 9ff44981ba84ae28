import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/contract';
import { startTestApp, type TestApp } from './support/harness';

const logs: string[] = [];
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp(undefined, { logs });
});
afterAll(() => app.close());

describe('logs', () => {
  it('record each request as structured JSON and never an API key, valid, revoked or unknown', async () => {
    const merchant = await app.createAccount('Logged');
    const unknownKey = 'sk_test_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ';
    await app.client(merchant.testKey).POST('/v1/customers', { body: { name: 'Logged customer' } });
    await app.client(merchant.testKey).GET('/v1/products', { params: { query: { limit: 500 } } });
    await app.client(unknownKey).GET('/v1/products');
    await rawRequest(`${app.baseUrl}/v1/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${merchant.liveKey}`, 'Content-Type': 'application/json' },
      body: '{"name": broken',
    });
    await rawRequest(`${app.baseUrl}/v1/"quoted"/%D7%90`, { method: 'GET' });

    const requests = logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request');
    expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/v1/customers', 200],
      ['GET', '/v1/products', 400],
      ['GET', '/v1/products', 401],
      ['POST', '/v1/products', 400],
      ['GET', '/v1/%22quoted%22/%D7%90', 404],
    ]);
    expect(requests[0]).toMatchObject({
      level: 30,
      time: expect.any(Number),
      account: merchant.id,
      requestId: expect.stringMatching(/^req_/),
      durationMs: expect.any(Number),
    });
    expect(requests[2]).not.toHaveProperty('account');
    const everything = logs.join('\n');
    for (const key of [merchant.testKey, merchant.liveKey, unknownKey]) expect(everything).not.toContain(key);
    expect(everything).not.toMatch(/sk_(test|live)_/);
  });
});
