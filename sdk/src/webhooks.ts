import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './schema';

export type KupaEvent = components['schemas']['Event'];

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyOptions {
  /** Deliveries older (or newer) than this many seconds are refused as replays. Default 300. */
  toleranceSeconds?: number;
  /** The current time in unix seconds; for tests. */
  now?: () => number;
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function standardSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/**
 * Verifies a delivery and returns its event. Pass the raw request body exactly as received (not
 * re-serialized JSON), the request headers and the endpoint's `whsec_` secret. Both signatures must
 * match: `Service-Signature` (HMAC-SHA256 of the body) and the Standard Webhooks `webhook-signature`
 * (which also covers the id and timestamp), and the timestamp must be recent, so a captured delivery
 * cannot be replayed later. Deduplicate by the event id: a delivery may arrive more than once.
 */
export function verifyWebhook(payload: string | Uint8Array, headers: HeaderBag, secret: string, options: VerifyOptions = {}): KupaEvent {
  const body = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
  const serviceSignature = header(headers, 'service-signature');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!serviceSignature || !id || !timestamp || !signatures) throw new WebhookVerificationError('Missing signature headers');

  const expected = createHmac('sha256', secret).update(body).digest('hex');
  if (!safeEqual(serviceSignature, expected)) throw new WebhookVerificationError('Service-Signature does not match the body');

  const now = options.now?.() ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('The delivery timestamp is too old or too new');
  }
  const wanted = standardSignature(secret, id, timestamp, body);
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    return version === 'v1' && signature !== undefined && safeEqual(signature, wanted);
  });
  if (!matches) throw new WebhookVerificationError('webhook-signature does not match');

  const event = JSON.parse(body) as KupaEvent;
  if (event.id !== id) throw new WebhookVerificationError('webhook-id does not match the event id');
  return event;
}

/** Headers as the service would sign `payload`, for testing a webhook handler. */
export function generateTestHeaders(payload: string, secret: string, options: { id?: string; timestamp?: number } = {}): Record<string, string> {
  const id = options.id ?? (JSON.parse(payload) as { id: string }).id;
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return {
    'Content-Type': 'application/json',
    'Service-Signature': createHmac('sha256', secret).update(payload).digest('hex'),
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${standardSignature(secret, id, timestamp, payload)}`,
  };
}
