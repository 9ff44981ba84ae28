import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { purgeRateBuckets } from '../src/platform/persistence/rate-bucket-store';
import { URLS } from './support/checkout';
import { freshDatabase } from './support/database';
import { startTestApp, type TestApp } from './support/harness';

// Small limits, so a test can reach them: one a second with bursts of 40 per account and mode, 120 a
// minute per address on public endpoints. Each process leases up to 10 tokens at a time, so up to 10 per
// process may go unspent; never more than the bucket holds plus what refills meanwhile gets through.
const LIMITS = { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '40', PUBLIC_RATE_LIMIT_PER_MINUTE: '120' };
let app: TestApp;
let second: TestApp;
let api: KupaClient;
let otherApi: KupaClient;
let customer: string;

beforeAll(async () => {
  const databaseUrl = await freshDatabase();
  app = await startTestApp(databaseUrl, { env: LIMITS });
  second = await startTestApp(databaseUrl, { env: LIMITS });
  const merchant = await app.createAccount('Busy shop');
  api = app.client(merchant.testKey);
  otherApi = app.client((await app.createAccount('Quiet shop')).testKey);
  customer = (await api.POST('/v1/customers', { body: { name: 'Eli' } })).data!.data.id;
});
afterAll(async () => {
  await second?.close();
  await app.close();
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('per account and mode', () => {
  it('lets a burst through, then answers 429 rate_limited with Retry-After, shared by every API process', async () => {
    const key = (await app.createAccount('Burst shop')).testKey;
    const call = (base: string) => fetch(`${base}/v1/customers?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => call(i % 2 ? app.baseUrl : second.baseUrl)));
    const refilled = Math.ceil((Date.now() - started) / 1000);
    const allowed = answers.filter((a) => a.status === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(40 - 2 * 10);
    expect(allowed).toBeLessThanOrEqual(40 + refilled);
    for (const answer of answers) expect(answer.headers.get('RateLimit')).toMatch(/^limit=40, remaining=\d+, reset=\d+$/);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBe(80 - allowed);
    for (const answer of limited) expect(answer.headers.get('RateLimit')).toBe('limit=40, remaining=0, reset=40');
    for (const answer of limited) {
      expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      expect(await answer.json()).toMatchObject({ success: false, error: { type: 'rate_limit_error', code: 'rate_limited' } });
    }
  });

  it('keeps buckets only while they are in use: an hour idle, the hourly housekeeping removes them', async () => {
    const sql = (query: string) => app.services.orm.em.fork().getConnection().execute(query);
    const before = (await sql('select count(*)::int as n from rate_limit_buckets'))[0].n;
    expect(before).toBeGreaterThan(0);
    await sql("update rate_limit_buckets set updated_at = now() - interval '2 hours' where key like 'account:%'");
    const removed = await purgeRateBuckets(app.services.orm.em);
    expect(removed).toBeGreaterThan(0);
    expect((await sql("select count(*)::int as n from rate_limit_buckets where key like 'account:%'"))[0].n).toBe(0);
  });

  it('is per account: another merchant is not slowed by a busy one', async () => {
    const res = await otherApi.GET('/v1/customers', { params: { query: { limit: 1 } } });
    expect(res.response.status).toBe(200);
  });

  it('refills: after Retry-After the same key works again', async () => {
    const key = (await app.createAccount('Patient shop')).testKey;
    const call = () => fetch(`${app.baseUrl}/v1/customers?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
    let limited: Response | undefined;
    for (let i = 0; i < 200 && !limited; i++) {
      const res = await call();
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    await settle(Number(limited!.headers.get('Retry-After')) * 1000 + 100);
    expect((await call()).status).toBe(200);
  });
});

describe('per address on public endpoints', () => {
  it("limits the checkout page's calls from one address, with Retry-After", async () => {
    const session = (
      await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Tea', amount_agorot: 1_000 }] } })
    ).data!.data;
    const page = () => fetch(`${app.baseUrl}/v1/checkout_sessions/${session.id}/page?surface=hosted`);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 200 }, page));
    const refilled = 2 * Math.ceil((Date.now() - started) / 1000);
    const allowed = answers.filter((a) => a.status === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(120 - 10);
    expect(allowed).toBeLessThanOrEqual(120 + refilled);
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });
});

describe("the customer portal's public endpoints", () => {
  it('are limited per address as the checkout page is', async () => {
    const portal = (await api.POST('/v1/billing_portal/sessions', { body: { customer } })).data!.data;
    const page = () => fetch(`${app.baseUrl}/v1/billing_portal/sessions/${portal.id}/page`);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 200 }, page));
    const refilled = 2 * Math.ceil((Date.now() - started) / 1000);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(120 + refilled);
    const limited = answers.find((a) => a.status === 429)!;
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  it("counts each client address from X-Forwarded-For, not the proxy's", async () => {
    const proxied = await startTestApp(app.databaseUrl, { env: { ...LIMITS, TRUST_PROXY: 'loopback' } });
    try {
      const session = (
        await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Tea', amount_agorot: 1_000 }] } })
      ).data!.data;
      const page = (client: string) =>
        fetch(`${proxied.baseUrl}/v1/checkout_sessions/${session.id}/page?surface=hosted`, { headers: { 'X-Forwarded-For': client } });
      const busy = await Promise.all(Array.from({ length: 150 }, () => page('203.0.113.1')));
      expect(busy.some((a) => a.status === 429)).toBe(true);
      expect((await page('203.0.113.2')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('wrong coupon codes', () => {
  it('sixty parallel wrong codes on one session: exactly ten are looked at, the rest get 429 with Retry-After', async () => {
    const other = await startTestApp(app.databaseUrl); // no address limit in the way
    try {
      const session = (
        await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Tea', amount_agorot: 1_000 }] } })
      ).data!.data;
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          other.client().POST('/v1/checkout_sessions/{id}/discount', { params: { path: { id: session.id } }, body: { code: `GUESS${i}` } }),
        ),
      );
      expect(answers.filter((a) => a.response.status === 404)).toHaveLength(10);
      const limited = answers.filter((a) => a.response.status === 429);
      expect(limited).toHaveLength(50);
      for (const answer of limited) {
        expect(answer.error!.error.code).toBe('rate_limited');
        const wait = Number(answer.response.headers.get('Retry-After'));
        expect(wait).toBeGreaterThan(14 * 60);
        expect(wait).toBeLessThanOrEqual(15 * 60);
      }
    } finally {
      await other.close();
    }
  });
});
