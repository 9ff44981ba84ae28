// The SDK for Node 20 and later: the typed client and webhook verification.
import { buildKupaClient, type KupaClient, type KupaClientOptions } from './client';
import { nodeTransport } from './node-transport';

export type { ApiError, components, KupaClient, KupaClientOptions, operations, paths, Schemas, webhooks } from './client';
export { KupaError, unwrap } from './client';
export {
  generateTestHeaders,
  type KupaEvent,
  type KupaEventType,
  kupaWebhookHandler,
  verifyWebhook,
  type VerifyOptions,
  WebhookVerificationError,
} from './webhooks';

/**
 * A typed client over the API: literal paths, typed bodies and `{ data, error, response }` results. Every
 * POST carries an `Idempotency-Key` (yours, if you pass one in `params.header`, else a fresh one), so the
 * client's retries never do anything twice. Requests go over a pool of kept-alive connections
 * (`maxConnections`); with your own `fetch` or middleware, through `fetch`.
 *
 * ```ts
 * const kupa = createKupaClient({ baseUrl, apiKey: process.env.KUPA_KEY });
 * const { data, error } = await kupa.POST('/v1/customers', { body: { name: 'Dana' } });
 * ```
 */
export function createKupaClient(options: KupaClientOptions): KupaClient {
  return buildKupaClient(options, nodeTransport(options.baseUrl, options.maxConnections ?? 50));
}
