import { createHmac, timingSafeEqual } from 'node:crypto';
import type { webhooks } from './schema';

/** Every event type the service sends (the contract's `webhooks:`). */
export type KupaEventType = keyof webhooks;

type Delivered<K extends KupaEventType> = webhooks[K]['post']['requestBody']['content']['application/json'];

/** An event, discriminated by `type`: `if (event.type === 'charge.succeeded') event.data.amount …` */
export type KupaEvent = { [K in KupaEventType]: Omit<Delivered<K>, 'type' | 'data'> & { type: K; data: NonNullable<Delivered<K>['data']> } }[KupaEventType];

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
  if (typeof secret !== 'string' || !secret.startsWith('whsec_')) {
    throw new WebhookVerificationError("No webhook secret given: pass the endpoint's secret (whsec_…, shown when the endpoint was created)");
  }
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) {
    throw new WebhookVerificationError(
      'The body was parsed before verification: pass the raw request body (a string or Buffer), exactly as received. In Express use express.raw({ type: "application/json" }) on the webhook route, or kupaWebhookHandler',
    );
  }
  const body = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
  const serviceSignature = header(headers, 'service-signature');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!serviceSignature || !id || !timestamp || !signatures) {
    throw new WebhookVerificationError('Missing signature headers (Service-Signature, webhook-id, webhook-timestamp, webhook-signature): is this request from Kupa?');
  }

  const expected = createHmac('sha256', secret).update(body).digest('hex');
  if (!safeEqual(serviceSignature, expected)) {
    throw new WebhookVerificationError("Service-Signature does not match the body: check that the secret is this endpoint's and that the body is the raw one, not re-serialized JSON");
  }

  const now = options.now?.() ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  const age = now - Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(age) > tolerance) {
    throw new WebhookVerificationError(`The delivery timestamp is too old or too new (${age} s, tolerance ${tolerance} s): a replayed delivery, or this server's clock is off`);
  }
  const wanted = standardSignature(secret, id, timestamp, body);
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    return version === 'v1' && signature !== undefined && safeEqual(signature, wanted);
  });
  if (!matches) throw new WebhookVerificationError('webhook-signature does not match the id, timestamp and body');

  const event = JSON.parse(body) as KupaEvent;
  if (event.id !== id) throw new WebhookVerificationError('webhook-id does not match the event id');
  return event;
}

/**
 * A request handler for `node:http` and Express that reads the raw body itself, verifies it, and calls
 * `onEvent`; answers 200 when `onEvent` resolves, 400 when the delivery does not verify (with why), and 500
 * when `onEvent` throws (so the delivery is retried). Deduplicate by `event.id`: a delivery may come twice. Mount it before any JSON body parser: if one ran
 * first, it answers 500 and throws, since the raw body is gone.
 *
 * ```ts
 * app.post('/webhooks', kupaWebhookHandler(process.env.KUPA_WEBHOOK_SECRET!, async (event) => { … }));
 * ```
 */
export function kupaWebhookHandler(secret: string, onEvent: (event: KupaEvent) => unknown | Promise<unknown>, options: VerifyOptions = {}) {
  return async (req: WebhookRequest, res: WebhookResponse): Promise<void> => {
    if (req.body !== undefined && !(req.body instanceof Uint8Array) && typeof req.body !== 'string') {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('webhook body already parsed');
      throw new WebhookVerificationError('A JSON body parser ran before kupaWebhookHandler, so the raw body is gone and cannot be verified: mount the handler before express.json(), or exclude this route from it');
    }
    const raw = req.body instanceof Uint8Array || typeof req.body === 'string' ? req.body : await readRaw(req);
    let event: KupaEvent;
    try {
      event = verifyWebhook(raw, req.headers, secret, options);
    } catch (error) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end((error as Error).message);
      return;
    }
    try {
      await onEvent(event);
    } catch (error) {
      // Kupa retries a delivery that did not get a 2xx, and shows this answer in the endpoint's delivery log.
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`the handler failed: ${(error as Error)?.message ?? String(error)}`);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
  };
}

/**
 * What the handler needs of a `node:http` (or Express) request and response, spelled out so the
 * package's types need no `@types/node`.
 */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** Set by a body parser that ran before the handler. */
  body?: unknown;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface WebhookResponse {
  writeHead(status: number, headers: Record<string, string>): { end(body: string): unknown };
}

function readRaw(req: WebhookRequest): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
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
