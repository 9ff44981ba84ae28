// What verifying a delivery means, independent of where the HMACs are computed: node:crypto for
// verifyWebhook, Web Crypto for verifyWebhookAsync (edge runtimes). Only web-standard globals here.
import type { webhooks } from './schema';

/** Every event type the service sends (the contract's `webhooks:`). */
export type KupaEventType = keyof webhooks;

type Delivered<K extends KupaEventType> = webhooks[K]['post']['requestBody']['content']['application/json'];

/** An event, discriminated by `type`: `if (event.type === 'charge.succeeded') event.data.amount …` */
export type KupaEvent = {
  [K in KupaEventType]: Omit<Delivered<K>, 'type' | 'data'> & { type: K; data: NonNullable<Delivered<K>['data']> };
}[KupaEventType];

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/** One `whsec_…` secret, or several while a rotation's old secret is still valid. */
export type WebhookSecrets = string | readonly string[];

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

/** A delivery's parts, read and checked for shape. */
export interface Delivery {
  body: string;
  id: string;
  timestamp: string;
  serviceSignature: string;
  /** The base64 signatures of the `v1,` entries of `webhook-signature`. */
  signatures: string[];
  secrets: string[];
}

/** What a secret's signatures of this delivery must be. */
export interface ExpectedSignatures {
  /** Hex HMAC-SHA256 of the body keyed with the whole secret string (`Service-Signature`). */
  service: string;
  /** Base64 HMAC-SHA256 of `id.timestamp.body` keyed with the decoded secret (`webhook-signature`). */
  standard: string;
}

/** The inputs of a secret's two HMACs. */
export function signingInputs(secret: string, delivery: Pick<Delivery, 'id' | 'timestamp' | 'body'>) {
  return {
    serviceKey: new TextEncoder().encode(secret),
    standardKey: Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (c) => c.charCodeAt(0)),
    standardData: `${delivery.id}.${delivery.timestamp}.${delivery.body}`,
  };
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Equal strings, compared in time that does not depend on where they differ. */
function safeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i % Math.max(b.length, 1));
  return difference === 0;
}

/** Reads a delivery, refusing with what to fix when something is missing or the body was parsed. */
export function readDelivery(payload: string | Uint8Array, headers: HeaderBag, secrets: WebhookSecrets): Delivery {
  const list = typeof secrets === 'string' ? [secrets] : Array.isArray(secrets) ? [...secrets] : [];
  if (list.length === 0 || list.some((secret) => typeof secret !== 'string' || !secret.startsWith('whsec_'))) {
    throw new WebhookVerificationError(
      "No webhook secret given: pass the endpoint's secret (whsec_…, shown when the endpoint was created)",
    );
  }
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) {
    throw new WebhookVerificationError(
      'The body was parsed before verification: pass the raw request body (a string or Buffer), exactly as received. In Express use ' +
        'express.raw({ type: "application/json" }) on the webhook route, or kupaWebhookHandler',
    );
  }
  const serviceSignature = header(headers, 'service-signature');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!serviceSignature || !id || !timestamp || !signatures) {
    throw new WebhookVerificationError(
      'Missing signature headers (Service-Signature, webhook-id, webhook-timestamp, webhook-signature): is this request from Kupa?',
    );
  }
  return {
    body: typeof payload === 'string' ? payload : new TextDecoder().decode(payload),
    id,
    timestamp,
    serviceSignature,
    signatures: signatures.split(' ').flatMap((entry) => (entry.startsWith('v1,') ? [entry.slice(3)] : [])),
    secrets: list,
  };
}

/**
 * Accepts the delivery if a `webhook-signature` entry is one of the secrets' (it covers id, timestamp and
 * body), `Service-Signature` matches too (except during a rotation's overlap, when it is made with the
 * new secret only), and the timestamp is recent.
 */
export function judge(delivery: Delivery, expected: ExpectedSignatures[], options: VerifyOptions): KupaEvent {
  const serviceMatches = expected.some((e) => safeEqual(delivery.serviceSignature, e.service));
  const rotating = delivery.signatures.length > 1;
  if (!serviceMatches && !rotating) {
    throw new WebhookVerificationError(
      "Service-Signature does not match the body: check that the secret is this endpoint's and that the body is the raw one, not re-serialized JSON",
    );
  }
  const now = options.now?.() ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  const age = now - Number(delivery.timestamp);
  if (!/^\d+$/.test(delivery.timestamp) || Math.abs(age) > tolerance) {
    throw new WebhookVerificationError(
      `The delivery timestamp is too old or too new (${age} s, tolerance ${tolerance} s): a replayed delivery, or this server's clock is off`,
    );
  }
  const standardMatches = expected.some((e) => delivery.signatures.some((signature) => safeEqual(signature, e.standard)));
  if (!standardMatches) {
    throw new WebhookVerificationError(
      serviceMatches
        ? 'webhook-signature does not match the id, timestamp and body'
        : "No signature matches: check that the secret is this endpoint's (or, after a rotation, the new or the previous one) and that the body is the raw one",
    );
  }
  const event = JSON.parse(delivery.body) as KupaEvent;
  if (event.id !== delivery.id) throw new WebhookVerificationError('webhook-id does not match the event id');
  return event;
}
