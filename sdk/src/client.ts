import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths, webhooks } from './schema';

export type Schemas = components['schemas'];
export type ApiError = Schemas['Error']['error'];

export interface KupaClientOptions {
  /** Base URL of the API, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** A secret (`sk_…`) or checkout-scoped (`ck_…`) key. Never ship it to a browser. */
  apiKey?: string;
  /**
   * How many times a request is tried again after a network error, a 429 (after its `Retry-After`) or a
   * 5xx, with backoff. POSTs are safe to repeat: each carries an `Idempotency-Key`. Default 2; 0 turns it off.
   */
  maxRetries?: number;
  /** The first backoff, doubled on each retry (with jitter). Default 500 ms. */
  retryDelayMs?: number;
  /** Extra middleware, e.g. logging or response checks. */
  middleware?: Middleware[];
  fetch?: typeof globalThis.fetch;
}

export type KupaClient = Client<paths>;

/**
 * A typed client over the API: literal paths, typed bodies and `{ data, error }` results. Every POST
 * carries an `Idempotency-Key` (yours, if you pass one in `params.header`, else a fresh one), so the
 * client's retries never do anything twice.
 *
 * ```ts
 * const kupa = createKupaClient({ baseUrl, apiKey: process.env.KUPA_KEY });
 * const { data, error } = await kupa.POST('/v1/customers', { body: { name: 'Dana' } });
 * ```
 */
export function createKupaClient(options: KupaClientOptions): KupaClient {
  const fetch = retrying(options.fetch ?? globalThis.fetch, options.maxRetries ?? 2, options.retryDelayMs ?? 500);
  const client = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch });
  if (options.apiKey) client.use(bearerAuth(options.apiKey));
  client.use(idempotencyKeys);
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

const idempotencyKeys: Middleware = {
  onRequest({ request }) {
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', globalThis.crypto.randomUUID());
    return request;
  },
};

const RETRY_AFTER_CAP_MS = 60_000;

/** A fetch that tries again after a network error, a 429 or a 5xx; the same request, the same key. */
function retrying(fetch: typeof globalThis.fetch, maxRetries: number, baseDelayMs: number): typeof globalThis.fetch {
  return async (input, init) => {
    const original = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const request = original.clone();
      const last = attempt >= maxRetries;
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error) {
        if (last) throw error;
        await sleep(backoff(baseDelayMs, attempt));
        continue;
      }
      if (last || (response.status !== 429 && response.status < 500) || response.status === 501) return response;
      const retryAfter = Number(response.headers.get('Retry-After'));
      await response.body?.cancel();
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, RETRY_AFTER_CAP_MS) : backoff(baseDelayMs, attempt));
    }
  };
}

const backoff = (base: number, attempt: number) => base * 2 ** attempt * (0.8 + Math.random() * 0.4);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An API error with what to act on: its code, the field it names, its message and the request's id. */
export class KupaError extends Error {
  readonly type: ApiError['type'];
  readonly code: ApiError['code'];
  readonly param: string | undefined;
  readonly status: number;
  /** Quote it if you contact us. */
  readonly requestId: string | null;

  constructor(error: ApiError, response: Response) {
    super(error.message);
    this.name = 'KupaError';
    this.type = error.type;
    this.code = error.code;
    this.param = error.param;
    this.status = response.status;
    this.requestId = response.headers.get('Request-Id');
  }
}

/**
 * The data of a result, or a `KupaError` thrown for its error:
 * `const customer = unwrap(await kupa.POST('/v1/customers', { body })).data;`
 */
export function unwrap<T>(result: { data?: T; error?: { error: ApiError }; response: Response }): T {
  if (result.error) throw new KupaError(result.error.error, result.response);
  return result.data as T;
}
