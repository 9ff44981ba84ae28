import createClient from 'openapi-fetch';
import type { components, paths } from '@kupa/sdk';
import { answerOf, NetworkError, RequestError } from '@kupa/web-kit/api';

export type PageView = components['schemas']['CheckoutPage'];
export type ConfirmResult = components['schemas']['ConfirmResult'];
export type ConfirmPaymentMethod = components['schemas']['ConfirmPaymentMethod'];

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

/** The API's address and the checkout host's own, written into the page by the checkout host. */
export const API_URL = meta('kupa-api');
export const CHECKOUT_URL = meta('kupa-checkout');

/** The public page endpoints, typed from openapi.yaml. */
export const api = createClient<paths>({ baseUrl: API_URL });

export { NetworkError, RequestError };

/** Unwraps a page endpoint's answer: its data, or a RequestError, or a NetworkError. */
export async function call<T>(request: Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<T> {
  return (await answerOf(request)).data;
}
