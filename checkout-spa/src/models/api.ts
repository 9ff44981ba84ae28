import createClient from 'openapi-fetch';
import type { components, paths } from '@kupa/sdk';

export type PageView = components['schemas']['CheckoutPage'];
export type ConfirmResult = components['schemas']['ConfirmResult'];
export type ConfirmPaymentMethod = components['schemas']['ConfirmPaymentMethod'];
export type ApiError = components['schemas']['Error']['error'];

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

/** The API's address and the checkout host's own, written into the page by the checkout host. */
export const API_URL = meta('kupa-api');
export const CHECKOUT_URL = meta('kupa-checkout');

/** The public page endpoints, typed from openapi.yaml. */
export const api = createClient<paths>({ baseUrl: API_URL });

/** A request that never reached an answer (offline, refused by CORS, cut off). */
export class NetworkError extends Error {}

/** An answer with an error body: its stable code and, for field errors, the field. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

/** Unwraps an openapi-fetch call: the data, or a RequestError, or a NetworkError. */
export async function call<T>(request: Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<T> {
  let result: Awaited<typeof request>;
  try {
    result = await request;
  } catch {
    throw new NetworkError('network');
  }
  if (result.data) return result.data.data;
  const body = result.error as { error?: ApiError } | undefined;
  throw new RequestError(
    result.response.status,
    body?.error ?? { type: 'api_error', code: 'internal_error', message: result.response.statusText },
  );
}
