import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths, webhooks } from './schema';
export { generateTestHeaders, type KupaEvent, verifyWebhook, type VerifyOptions, WebhookVerificationError } from './webhooks';

export type Schemas = components['schemas'];
export type ApiError = Schemas['Error']['error'];

export interface KupaClientOptions {
  /** Base URL of the API, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** A secret (`sk_…`) or checkout-scoped (`ck_…`) key. Never ship it to a browser. */
  apiKey?: string;
  /** Extra middleware, e.g. logging or response checks. */
  middleware?: Middleware[];
  fetch?: typeof globalThis.fetch;
}

export type KupaClient = Client<paths>;

/**
 * A typed client over the API: literal paths, typed bodies and `{ data, error }` results.
 *
 * ```ts
 * const kupa = createKupaClient({ baseUrl, apiKey: process.env.KUPA_KEY });
 * const { data, error } = await kupa.POST('/v1/customers', { body: { name: 'Dana' } });
 * ```
 */
export function createKupaClient(options: KupaClientOptions): KupaClient {
  const client = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  if (options.apiKey) client.use(bearerAuth(options.apiKey));
  for (const middleware of options.middleware ?? []) client.use(middleware);
  return client;
}

function bearerAuth(apiKey: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${apiKey}`);
      return request;
    },
  };
}
