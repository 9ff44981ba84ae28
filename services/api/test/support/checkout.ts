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
    /**
     * Pays in the processor's own card fields, as the live page does: confirm answers the charge to
     * make, the card goes from the "fields" to the processor's twin alone (`twinUrl`, as the twin's
     * field iframe posts it), and the page reports the transaction the fields named. `report: false`
     * stops before the report, as a closed tab does.
     */
    async payInHostedFields(
      sessionId: string,
      twinUrl: string,
      number: string,
      { installments, report = true }: { installments?: number; report?: boolean } = {},
    ) {
      const asked = await this.confirm(sessionId, { type: 'hosted_fields' }, installments);
      if (asked.data?.data.next_action?.type !== 'hosted_fields_charge') return { asked, charged: null, reported: null };
      const { challenge_id: challengeId, charge } = asked.data.data.next_action;
      const charged = await chargeInHostedFields(twinUrl, charge!, number);
      if (!report) return { asked, charged, reported: null };
      const reported = await this.reportHostedCharge(sessionId, challengeId, charged);
      return { asked, charged, reported };
    },
    reportHostedCharge(sessionId: string, challengeId: string, charged: HostedFieldsAnswer, transactionId?: string | null) {
      const response = charged.transaction_response;
      return publicApi.POST('/v1/checkout_sessions/{id}/hosted_charge', {
        params: { path: { id: sessionId } },
        body: {
          challenge_id: challengeId,
          transaction_id: transactionId !== undefined ? transactionId : (response?.transaction_id ?? null),
          card: response?.last_4 ? { brand: response.card_type_name ?? '', last4: response.last_4 } : null,
        },
      });
    },
    threeDSecure(sessionId: string, challengeId: string, result: 'authenticated' | 'failed') {
      return publicApi.POST('/v1/checkout_sessions/{id}/three_d_secure', {
        params: { path: { id: sessionId } },
        body: { challenge_id: challengeId, result },
      });
    },
  };
}

/** What the Tranzila twin's hosted fields answer a charge. */
export interface HostedFieldsAnswer {
  errors?: Array<{ code: string; message: string }>;
  transaction_response?: { success: boolean; transaction_id: string; card_type_name: string | null; last_4: string | null };
}

/** What the twin's card-number iframe does on `charge`: the charge's parameters and the card, to the twin alone. */
export async function chargeInHostedFields(twinUrl: string, charge: Record<string, string>, number: string): Promise<HostedFieldsAnswer> {
  const response = await fetch(`${twinUrl}/hosted-fields/charge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...charge, card: { credit_card_number: number, expiry: '12/31', cvv: '123' } }),
  });
  return (await response.json()) as HostedFieldsAnswer;
}
