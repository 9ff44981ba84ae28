import createClient from 'openapi-fetch';
import type { components, paths } from '@kupa/sdk';
import { answerOf, RequestError } from '@kupa/web-kit/api';

export type Schemas = components['schemas'];
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

export { RequestError };

/** Called when the session has ended, to show the sign-in page. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

/** Unwraps an API call: its body, or a RequestError, or a NetworkError. An ended session shows the sign-in page. */
export async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  try {
    return await answerOf(request);
  } catch (error) {
    if (error instanceof RequestError && error.status === 401 && error.error.code === 'session_invalid') onSignedOut();
    throw error;
  }
}

/** A new key for one money action: the dialog keeps it, so a second click repeats the same request. */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}
