import { createHmac } from 'node:crypto';
import {
  type ExpectedSignatures,
  type HeaderBag,
  judge,
  type KupaEvent,
  readDelivery,
  signingInputs,
  type VerifyOptions,
  type WebhookSecrets,
  WebhookVerificationError,
} from './webhook-verification';

export {
  type KupaEvent,
  type KupaEventType,
  type VerifyOptions,
  type WebhookSecrets,
  WebhookVerificationError,
} from './webhook-verification';

function expectedSignatures(secret: string, delivery: { id: string; timestamp: string; body: string }): ExpectedSignatures {
  const inputs = signingInputs(secret, delivery);
  return {
    service: createHmac('sha256', inputs.serviceKey).update(delivery.body).digest('hex'),
    standard: createHmac('sha256', inputs.standardKey).update(inputs.standardData).digest('base64'),
  };
}

/**
 * Verifies a delivery and returns its event. Pass the raw request body exactly as received (not
 * re-serialized JSON), the request headers and the endpoint's `whsec_` secret (or, after a rotation,
 * both the new and the previous one). Both signatures must match: `Service-Signature` (HMAC-SHA256 of
 * the body) and the Standard Webhooks `webhook-signature` (which also covers the id and timestamp), and
 * the timestamp must be recent, so a captured delivery cannot be replayed later. Deduplicate by the
 * event id: a delivery may arrive more than once. In edge runtimes use `verifyWebhookAsync` from
 * `@kupa/sdk/edge`.
 */
export function verifyWebhook(
  payload: string | Uint8Array,
  headers: HeaderBag,
  secret: WebhookSecrets,
  options: VerifyOptions = {},
): KupaEvent {
  const delivery = readDelivery(payload, headers, secret);
  return judge(
    delivery,
    delivery.secrets.map((s) => expectedSignatures(s, delivery)),
    options,
  );
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
export function kupaWebhookHandler(
  secret: WebhookSecrets,
  onEvent: (event: KupaEvent) => unknown | Promise<unknown>,
  options: VerifyOptions = {},
) {
  return async (req: WebhookRequest, res: WebhookResponse): Promise<void> => {
    if (req.body !== undefined && !(req.body instanceof Uint8Array) && typeof req.body !== 'string') {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('webhook body already parsed');
      throw new WebhookVerificationError(
        'A JSON body parser ran before kupaWebhookHandler, so the raw body is gone and cannot be verified: mount the handler before ' +
          'express.json(), or exclude this route from it',
      );
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
export function generateTestHeaders(
  payload: string,
  secret: string,
  options: { id?: string; timestamp?: number } = {},
): Record<string, string> {
  const id = options.id ?? (JSON.parse(payload) as { id: string }).id;
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const expected = expectedSignatures(secret, { id, timestamp, body: payload });
  return {
    'Content-Type': 'application/json',
    'Service-Signature': expected.service,
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${expected.standard}`,
  };
}
