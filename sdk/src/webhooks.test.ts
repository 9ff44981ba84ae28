import { describe, expect, it } from 'vitest';
import { generateTestHeaders, verifyWebhook, WebhookVerificationError } from './webhooks';

const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.succeeded', data: { id: 'ch_1' }, created: '2026-01-01T00:00:00.000Z', livemode: false });
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
    expect(() => verifyWebhook(payload, headers, `whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`, { now: () => now })).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(payload, headers, secret, { now: () => now + 301 })).toThrow(/too old/);
    const { 'webhook-signature': _, ...partial } = headers;
    expect(() => verifyWebhook(payload, partial, secret, { now: () => now })).toThrow(/Missing/);
  });

  it('refuses a Standard Webhooks signature made for another id or timestamp', () => {
    const headers = generateTestHeaders(payload, secret, { timestamp: now });
    const other = generateTestHeaders(payload, secret, { timestamp: now - 10 });
    expect(() => verifyWebhook(payload, { ...headers, 'webhook-signature': other['webhook-signature'] }, secret, { now: () => now })).toThrow(/webhook-signature/);
    const forged = generateTestHeaders(payload, secret, { timestamp: now, id: 'evt_other' });
    expect(() => verifyWebhook(payload, forged, secret, { now: () => now })).toThrow(/event id/);
  });
});
