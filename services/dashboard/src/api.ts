import createClient from 'openapi-fetch';
import type { components, paths } from '@kupa/sdk';

export type Schemas = components['schemas'];
export type ApiError = Schemas['Error']['error'];
export type Mode = 'test' | 'live';

/** What the signed-in browser holds: the CSRF token for writes, and the mode it works in. */
export const session: { csrf: string | null; mode: Mode } = {
  csrf: null,
  mode: localStorage.getItem('kupa-mode') === 'live' ? 'live' : 'test',
};

/**
 * The same /v1 API the SDK calls, on this origin, authenticated by the session cookie: every write
 * carries the CSRF token, every request the mode.
 */
export const api = createClient<paths>({ baseUrl: '' });
api.use({
  onRequest({ request }) {
    request.headers.set('Kupa-Mode', session.mode);
    if (request.method !== 'GET' && session.csrf) request.headers.set('X-CSRF-Token', session.csrf);
    return request;
  },
});

/** An answer with an error body: its stable code and, for field errors, the field. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

/** Called when the session has ended, to show the sign-in page. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** Unwraps an API call: its body, or a RequestError (a network failure becomes one too). */
export async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  let result: Answer<T>;
  try {
    result = await request;
  } catch {
    throw new RequestError(0, { type: 'api_error', code: 'internal_error', message: 'network' });
  }
  if (result.data !== undefined) return result.data;
  const body = result.error as { error?: ApiError } | undefined;
  const error = body?.error ?? { type: 'api_error' as const, code: 'internal_error' as const, message: result.response.statusText };
  if (result.response.status === 401 && error.code === 'session_invalid') onSignedOut();
  throw new RequestError(result.response.status, error);
}

/** A new key for one money action: the dialog keeps it, so a second click repeats the same request. */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}
