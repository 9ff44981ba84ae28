// The SDK for edge runtimes (and browsers' service workers): only fetch and Web Crypto, no Node APIs.
import { buildKupaClient, type KupaClient, type KupaClientOptions } from './client';
import {
  type ExpectedSignatures,
  type HeaderBag,
  judge,
  type KupaEvent,
  readDelivery,
  signingInputs,
  type VerifyOptions,
  type WebhookSecrets,
} from './webhook-verification';

export type { ApiError, components, KupaClient, KupaClientOptions, operations, paths, Schemas, webhooks } from './client';
export { KupaError, unwrap } from './client';
export {
  type KupaEvent,
  type KupaEventType,
  type VerifyOptions,
  type WebhookSecrets,
  WebhookVerificationError,
} from './webhook-verification';

async function hmac(key: Uint8Array, data: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(data) as BufferSource));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/**
 * `verifyWebhook` for runtimes with Web Crypto instead of `node:crypto` (Vercel Edge, Cloudflare
 * Workers, Deno): the same checks and errors, asynchronous because Web Crypto is.
 */
export async function verifyWebhookAsync(
  payload: string | Uint8Array,
  headers: HeaderBag,
  secret: WebhookSecrets,
  options: VerifyOptions = {},
): Promise<KupaEvent> {
  const delivery = readDelivery(payload, headers, secret);
  const expected: ExpectedSignatures[] = await Promise.all(
    delivery.secrets.map(async (s) => {
      const inputs = signingInputs(s, delivery);
      return {
        service: hex(await hmac(inputs.serviceKey, delivery.body)),
        standard: base64(await hmac(inputs.standardKey, inputs.standardData)),
      };
    }),
  );
  return judge(delivery, expected, options);
}

/** The typed client of the Node entry, over `fetch` (the runtime's, or yours). */
export function createKupaClient(options: KupaClientOptions): KupaClient {
  return buildKupaClient(options);
}
