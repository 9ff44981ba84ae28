import createFetchClient, {
  type Client,
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type Middleware,
} from 'openapi-fetch';
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
  /**
   * In Node: the most requests in flight at once, each on its own kept-alive connection; more wait for a
   * free one. Default 50 (the API allows an account 100 requests a second).
   */
  maxConnections?: number;
  /** Extra middleware, e.g. logging or response checks. Requests then go through `fetch`. */
  middleware?: Middleware[];
  /** A `fetch` to send every request with (default: Node's own HTTP client in Node, else `globalThis.fetch`). */
  fetch?: typeof globalThis.fetch;
}

export type KupaClient = Client<paths>;

/** One request as a transport sends it: the path and query relative to the base URL's origin. */
export interface Exchange {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** What came back: the status, the headers (lower-case names) and the whole body as text. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends requests to one base URL without WHATWG Request and Response objects (Node's `undici`). */
export interface Transport {
  /** The base URL's path, put before every operation's path ('' for an origin). */
  prefix: string;
  send(exchange: Exchange): Promise<Answer>;
}

/**
 * The typed client over a transport: with one, the ordinary calls (JSON or text answers, no middleware)
 * skip WHATWG Request/Response objects; everything else, and every call without one, goes through
 * openapi-fetch and `fetch`. Both carry the key, an `Idempotency-Key` on every POST, and the same retries.
 */
export function buildKupaClient(options: KupaClientOptions, transport?: Transport): KupaClient {
  const retry: RetryPolicy = { maxRetries: options.maxRetries ?? 2, baseDelayMs: options.retryDelayMs ?? 500 };
  const viaFetch = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch: retrying(options.fetch ?? globalThis.fetch, retry) });
  if (options.apiKey) viaFetch.use(bearerAuth(options.apiKey));
  viaFetch.use(idempotencyKeys);
  const middleware = [...(options.middleware ?? [])];
  viaFetch.use(...middleware);
  if (!transport || options.fetch) return viaFetch;

  const direct = directCaller(transport, options.apiKey, retry);
  const call = (method: string) => (schemaPath: string, init?: Record<string, unknown>) =>
    middleware.length === 0 && isDirect(init)
      ? direct(method, schemaPath, init ?? {})
      : viaFetch.request(method as never, schemaPath as never, init as never);
  const methods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
  const client = Object.fromEntries(methods.map((method) => [method, call(method)]));
  return {
    ...client,
    request: (method: string, schemaPath: string, init?: Record<string, unknown>) => call(method.toUpperCase())(schemaPath, init),
    use(...added: Middleware[]) {
      viaFetch.use(...added);
      middleware.push(...added);
    },
    eject(...removed: Middleware[]) {
      viaFetch.eject(...removed);
      for (const m of removed) if (middleware.includes(m)) middleware.splice(middleware.indexOf(m), 1);
    },
  } as unknown as KupaClient;
}

const DIRECT_OPTIONS = new Set(['params', 'body', 'headers', 'parseAs', 'signal']);
/** A call the transport sends as is: a JSON body (or none), a JSON or text answer, no fetch-only option. */
function isDirect(init: Record<string, unknown> | undefined): boolean {
  if (!init) return true;
  for (const key in init) if (init[key] !== undefined && !DIRECT_OPTIONS.has(key)) return false;
  return (
    plainOrNone(init.body, true) &&
    plainOrNone(init.headers, false) &&
    (init.parseAs === undefined || init.parseAs === 'json' || init.parseAs === 'text')
  );
}
const plainOrNone = (value: unknown, arrays: boolean) =>
  value === undefined ||
  (typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || (arrays && Array.isArray(value))));

type Params = { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };
const querySerializer = createQuerySerializer();

function directCaller(transport: Transport, apiKey: string | undefined, retry: RetryPolicy) {
  return (method: string, schemaPath: string, init: Record<string, unknown>) => {
    const params = (init.params ?? {}) as Params;
    const headers: Record<string, string> = {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    for (const extra of [init.headers, params.header] as (Record<string, unknown> | undefined)[]) {
      for (const name in extra) if (extra[name] !== undefined && extra[name] !== null) headers[name.toLowerCase()] = String(extra[name]);
    }
    if (apiKey) headers.authorization = `Bearer ${apiKey}`; // the client's key, as the fetch path's middleware sets it
    if (method === 'POST' && !headers['idempotency-key']) headers['idempotency-key'] = globalThis.crypto.randomUUID();
    const exchange: Exchange = {
      method,
      path: createFinalURL(schemaPath, { baseUrl: transport.prefix, params, querySerializer, pathSerializer: defaultPathSerializer }),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal as AbortSignal | undefined,
    };
    return sendRetrying(transport, exchange, retry).then((answer) => readAnswer(method, answer, init.parseAs === 'text'));
  };
}

async function sendRetrying(transport: Transport, exchange: Exchange, retry: RetryPolicy): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retry.maxRetries;
    let answer: Answer;
    try {
      answer = await transport.send(exchange);
    } catch (error) {
      // Rejected as fetch rejects, so callers handle both paths alike: a TypeError whose cause is the socket's error.
      if (last || exchange.signal?.aborted) throw exchange.signal?.aborted ? error : new TypeError('fetch failed', { cause: error });
      await sleep(backoff(retry.baseDelayMs, attempt));
      continue;
    }
    const wait = last ? undefined : retryWait(answer.status, header(answer, 'retry-after'), retry, attempt);
    if (wait === undefined) return answer;
    await sleep(wait);
  }
}

const header = (answer: Answer, name: string) => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : (value ?? null);
};

/** The `{ data | error, response }` result openapi-fetch gives, read the same way. */
function readAnswer(method: string, answer: Answer, asText: boolean): DataResult | ErrorResult {
  const ok = answer.status >= 200 && answer.status < 300;
  const chunked = String(header(answer, 'transfer-encoding') ?? '').includes('chunked');
  if (answer.status === 204 || method === 'HEAD' || (header(answer, 'content-length') === '0' && !chunked))
    return ok ? new DataResult(undefined, answer) : new ErrorResult(undefined, answer);
  if (ok) return new DataResult(asText ? answer.text : answer.text ? JSON.parse(answer.text) : undefined, answer);
  let error: unknown = answer.text;
  try {
    error = JSON.parse(answer.text);
  } catch {
    // not JSON: the text as it came
  }
  return new ErrorResult(error, answer);
}

/** A result whose `response` (a WHATWG Response with the status, headers and body) is built when first read. */
abstract class DirectResult {
  #answer: Answer;
  #response: Response | undefined;
  constructor(answer: Answer) {
    this.#answer = answer;
  }
  get response(): Response {
    return (this.#response ??= toResponse(this.#answer));
  }
}
class DataResult extends DirectResult {
  constructor(
    readonly data: unknown,
    answer: Answer,
  ) {
    super(answer);
  }
}
class ErrorResult extends DirectResult {
  constructor(
    readonly error: unknown,
    answer: Answer,
  ) {
    super(answer);
  }
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
function toResponse(answer: Answer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : answer.text, { status: answer.status, headers });
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
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key'))
      request.headers.set('Idempotency-Key', globalThis.crypto.randomUUID());
    return request;
  },
};

interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
}
const RETRY_AFTER_CAP_MS = 60_000;

/** How long to wait before trying an answered request again, or undefined when its answer is final. */
function retryWait(status: number, retryAfter: string | null, retry: RetryPolicy, attempt: number): number | undefined {
  if ((status !== 429 && status < 500) || status === 501) return undefined;
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, RETRY_AFTER_CAP_MS) : backoff(retry.baseDelayMs, attempt);
}

/** A fetch that tries again after a network error, a 429 or a 5xx; the same request, the same key. */
function retrying(fetch: typeof globalThis.fetch, retry: RetryPolicy): typeof globalThis.fetch {
  return async (input, init) => {
    const original = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const request = original.clone();
      const last = attempt >= retry.maxRetries;
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error) {
        if (last || original.signal.aborted) throw error;
        await sleep(backoff(retry.baseDelayMs, attempt));
        continue;
      }
      const wait = last ? undefined : retryWait(response.status, response.headers.get('Retry-After'), retry, attempt);
      if (wait === undefined) return response;
      await response.body?.cancel();
      await sleep(wait);
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
