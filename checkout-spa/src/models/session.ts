import type { components } from '@kupa/sdk';

export type CheckoutPageView = components['schemas']['CheckoutPage'];

export type LoadResult = { kind: 'ready'; page: CheckoutPageView } | { kind: 'unavailable' };

function apiBaseUrl(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="kupa-api"]')?.content ?? '';
}

/** What the page renders, from the public page endpoint keyed by the session id. */
export async function loadSession(sessionId: string): Promise<LoadResult> {
  try {
    const response = await fetch(`${apiBaseUrl()}/v1/checkout_sessions/${encodeURIComponent(sessionId)}/page`);
    if (!response.ok) return { kind: 'unavailable' };
    const body = (await response.json()) as { data: CheckoutPageView };
    return { kind: 'ready', page: body.data };
  } catch {
    return { kind: 'unavailable' };
  }
}
