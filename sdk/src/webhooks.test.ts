import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateTestHeaders, type KupaEvent, kupaWebhookHandler, verifyWebhook, WebhookVerificationError } from './webhooks';

const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'charge.succeeded',
  data: { id: 'ch_1' },
  created: '2026-01-01T00:00:00.000Z',
  livemode: false,
});
const now = 1_790_000_000;

describe('verifyWebhook', () => {
  it('returns the event of a correctly signed, recent delivery', () => {
    const headers = generateTestHeaders(payload, secret, { timestamp: now });
    expect(verifyWebhook(payload, headers, secret, { now: () => now }).id).toBe('evt_1');
    expect(verifyWebhook(Buffer.from(payload), new Headers(headers), secret, { now: () => now + 299 }).type).toBe('charge.succeeded');
  });

  it('refuses a body changed by one byte, a wrong secret, a replay and missing headers', () => {
    const headers = generateTestHeaders(payload, secret, { timestamp: now });
    const tampered = payload.replace('ch_1', 'ch_2');
    expect(() => verifyWebhook(tampered, headers, secret, { now: () => now })).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(payload, headers, `whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`, { now: () => now })).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(payload, headers, secret, { now: () => now + 301 })).toThrow(/too old/);
    const { 'webhook-signature': _, ...partial } = headers;
    expect(() => verifyWebhook(payload, partial, secret, { now: () => now })).toThrow(/Missing/);
  });

  it('refuses a Standard Webhooks signature made for another id or timestamp', () => {
    const headers = generateTestHeaders(payload, secret, { timestamp: now });
    const other = generateTestHeaders(payload, secret, { timestamp: now - 10 });
    expect(() =>
      verifyWebhook(payload, { ...headers, 'webhook-signature': other['webhook-signature'] }, secret, { now: () => now }),
    ).toThrow(/webhook-signature/);
    const forged = generateTestHeaders(payload, secret, { timestamp: now, id: 'evt_other' });
    expect(() => verifyWebhook(payload, forged, secret, { now: () => now })).toThrow(/event id/);
  });
});

describe('verifyWebhook says what to fix', () => {
  const headers = generateTestHeaders(payload, secret, { timestamp: now });

  it('a missing secret, a parsed body, a wrong secret and a stale timestamp each name the fix', () => {
    expect(() => verifyWebhook(payload, headers, undefined as unknown as string, { now: () => now })).toThrow(/No webhook secret given/);
    expect(() => verifyWebhook(JSON.parse(payload), headers, secret, { now: () => now })).toThrow(
      /parsed before verification: pass the raw request body/,
    );
    expect(() => verifyWebhook(payload, headers, `whsec_${Buffer.from('y'.repeat(32)).toString('base64')}`, { now: () => now })).toThrow(
      /this endpoint's.*raw one/,
    );
    expect(() => verifyWebhook(payload, headers, secret, { now: () => now + 3_600 })).toThrow(/3600 s, tolerance 300 s/);
  });

  it('types the event by its type', () => {
    const event: KupaEvent = verifyWebhook(payload, headers, secret, { now: () => now });
    // Compiles only because the union narrows `data` to a charge.
    const amount = event.type === 'charge.succeeded' ? event.data.amount : undefined;
    expect(event.type).toBe('charge.succeeded');
    expect(amount).toBeUndefined(); // this test payload's charge carries only an id
  });
});

describe('kupaWebhookHandler', () => {
  let server: Server;
  let url: string;
  const received: KupaEvent[] = [];
  let failNext = false;

  beforeAll(async () => {
    const handle = kupaWebhookHandler(secret, async (event) => {
      if (failNext) {
        failNext = false;
        throw new Error('order service down');
      }
      received.push(event);
    });
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const deliver = (body: string, at = Math.floor(Date.now() / 1000)) =>
    fetch(url, { method: 'POST', headers: generateTestHeaders(payload, secret, { timestamp: at }), body });

  it('reads the raw body itself, verifies it, and answers 200 once onEvent is done', async () => {
    const res = await deliver(payload);
    expect(res.status).toBe(200);
    expect(received.map((event) => event.id)).toEqual(['evt_1']);
  });

  it('answers 400 with the reason for a delivery that does not verify, and 500 when onEvent throws', async () => {
    const tampered = await deliver(payload.replace('ch_1', 'ch_9'));
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toMatch(/Service-Signature does not match/);
    failNext = true;
    const failed = await deliver(payload);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toContain('order service down');
  });

  it('refuses loudly when a JSON parser ran first', async () => {
    const handle = kupaWebhookHandler(secret, () => {});
    const res = { writeHead: vi.fn(() => ({ end: vi.fn() })) };
    const req = Object.assign(Readable.from([]), { headers: {}, body: JSON.parse(payload) });
    await expect(handle(req as never, res as never)).rejects.toThrow(/JSON body parser ran before kupaWebhookHandler/);
    expect(res.writeHead).toHaveBeenCalledWith(500, expect.anything());
  });
});

describe('a rotated secret', () => {
  const newSecret = `whsec_${Buffer.from('fedcba9876543210fedcba9876543210').toString('base64')}`;
  /** A delivery signed as during a rotation's overlap: both `v1,` entries, Service-Signature with the new secret. */
  function rotationHeaders() {
    const fresh = generateTestHeaders(payload, newSecret, { timestamp: now });
    const old = generateTestHeaders(payload, secret, { timestamp: now });
    return { ...fresh, 'webhook-signature': `${fresh['webhook-signature']} ${old['webhook-signature']}` };
  }

  it('verifies with the new secret, the previous one, or both given', () => {
    const headers = rotationHeaders();
    for (const given of [newSecret, secret, [secret, newSecret]])
      expect(verifyWebhook(payload, headers, given, { now: () => now }).id).toBe('evt_1');
  });

  it("still refuses a stranger's secret, a tampered body and a forged entry", () => {
    const headers = rotationHeaders();
    const stranger = `whsec_${Buffer.from('z'.repeat(32)).toString('base64')}`;
    expect(() => verifyWebhook(payload, headers, stranger, { now: () => now })).toThrow(/No signature matches/);
    expect(() => verifyWebhook(payload.replace('ch_1', 'ch_2'), headers, secret, { now: () => now })).toThrow(WebhookVerificationError);
    expect(() =>
      verifyWebhook(payload, { ...headers, 'webhook-signature': `${headers['webhook-signature'].split(' ')[0]} v1,AAAA` }, secret, {
        now: () => now,
      }),
    ).toThrow(/No signature matches/);
  });

  it('outside a rotation, a Service-Signature made with another secret is refused', () => {
    const headers = generateTestHeaders(payload, secret, { timestamp: now });
    const other = generateTestHeaders(payload, newSecret, { timestamp: now });
    expect(() =>
      verifyWebhook(payload, { ...headers, 'Service-Signature': other['Service-Signature'] }, secret, { now: () => now }),
    ).toThrow(/Service-Signature/);
  });
});

describe('verifyWebhookAsync (edge runtimes, Web Crypto)', () => {
  it('agrees with verifyWebhook on good and bad deliveries', async () => {
    const { verifyWebhookAsync } = await import('./edge');
    const headers = generateTestHeaders(payload, secret, { timestamp: now });
    expect(await verifyWebhookAsync(payload, headers, secret, { now: () => now })).toEqual(
      verifyWebhook(payload, headers, secret, { now: () => now }),
    );
    expect(await verifyWebhookAsync(new TextEncoder().encode(payload), new Headers(headers), [secret], { now: () => now })).toMatchObject({
      id: 'evt_1',
    });
    const cases: Array<[string, Record<string, string>, string, number]> = [
      [payload.replace('ch_1', 'ch_2'), headers, secret, now],
      [payload, headers, `whsec_${Buffer.from('y'.repeat(32)).toString('base64')}`, now],
      [payload, headers, secret, now + 3_600],
    ];
    for (const [body, h, s, at] of cases) {
      const sync = (() => {
        try {
          verifyWebhook(body, h, s, { now: () => at });
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(sync).toBeDefined();
      await expect(verifyWebhookAsync(body, h, s, { now: () => at })).rejects.toThrow(sync);
    }
  });
});
