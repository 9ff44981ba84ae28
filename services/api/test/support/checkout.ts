import { expect } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import type { TestApp } from './harness';

export const URLS = {
  success_url: 'https://shop.example.co.il/thanks?session={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://shop.example.co.il/cart',
};

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000002760003184',
  renewalDeclines: '4000000000000341',
};

/** A merchant's secret-key client and a public (keyless) one, as the page has. */
export function shopper(app: TestApp) {
  const publicApi: KupaClient = app.client();
  return {
    async token(sessionId: string, number: string, extra: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) {
      const res = await publicApi.POST('/v1/tokens', {
        body: { checkout_session: sessionId, card: { number, exp_month: 12, exp_year: 2031, cvc: '123', ...extra } },
      });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
      return res.data!.data.id;
    },
    async confirm(sessionId: string, paymentMethod: Record<string, unknown>, installments?: number) {
      return publicApi.POST('/v1/checkout_sessions/{id}/confirm', {
        params: { path: { id: sessionId } },
        body: { payment_method: paymentMethod as never, ...(installments ? { installments } : {}) },
      });
    },
    async payWithCard(sessionId: string, number = CARDS.ok) {
      const token = await this.token(sessionId, number);
      return this.confirm(sessionId, { type: 'card', token });
    },
    threeDSecure(sessionId: string, challengeId: string, result: 'authenticated' | 'failed') {
      return publicApi.POST('/v1/checkout_sessions/{id}/three_d_secure', {
        params: { path: { id: sessionId } },
        body: { challenge_id: challengeId, result },
      });
    },
  };
}
