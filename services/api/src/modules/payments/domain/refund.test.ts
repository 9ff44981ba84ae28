import { describe, expect, it } from 'vitest';
import { Charge, UNKNOWN_CARD } from './charge';
import { Refund } from './refund';

const now = new Date('2026-03-01T12:00:00Z');
const charge = Charge.authorized({ accountId: 'acct_1', livemode: true }, {
  customerId: 'cus_1', amount: 5_000, currency: 'ils', captureMethod: 'automatic', checkoutSessionId: null, lineItems: null, subscriptionId: null,
  paymentMethod: { type: 'card', wallet: null, card: UNKNOWN_CARD }, installments: null, createDocument: true, documentLines: [],
}, 'sim_1', now);

describe('Refund', () => {
  it('returns money on its charge, in its scope and currency, and carries its credit document', () => {
    const refund = Refund.of(charge, 2_000, 'duplicate', now);
    expect(refund).toMatchObject({ chargeId: charge.id, accountId: 'acct_1', livemode: true, amount: 2_000, currency: 'ils', status: 'succeeded', reason: 'duplicate', documentId: null });
    expect(refund.id).toMatch(/^re_/);
    refund.attachDocument('doc_9');
    expect(refund.documentId).toBe('doc_9');
  });
});
