import { describe, expect, it } from 'vitest';
import { Charge, UNKNOWN_CARD } from './charge';
import { ChargeOperation } from './charge-operation';
import { Refund } from './refund';

const now = new Date('2026-03-01T12:00:00Z');
const charge = Charge.authorized(
  { accountId: 'acct_1', livemode: true },
  {
    customerId: 'cus_1',
    amount: 5_000,
    currency: 'ils',
    captureMethod: 'automatic',
    checkoutSessionId: null,
    lineItems: null,
    subscriptionId: null,
    paymentMethod: { type: 'card', wallet: null, card: UNKNOWN_CARD },
    installments: null,
    metadata: {},
    createDocument: true,
    documentLines: [],
  },
  'sim_1',
  now,
  7 * 24 * 60 * 60 * 1000,
);

describe('Refund', () => {
  it('returns money on its charge, in its scope and currency, and carries its credit document', () => {
    const operation = ChargeOperation.start(charge, 'refund', 2_000, 'duplicate', now);
    const refund = Refund.of(charge, operation, now);
    expect(refund).toMatchObject({
      chargeId: charge.id,
      accountId: 'acct_1',
      livemode: true,
      amount: 2_000,
      currency: 'ils',
      status: 'succeeded',
      reason: 'duplicate',
      documentId: null,
    });
    expect(refund.id).toBe(operation.id.replace('op_', 're_'));
    refund.attachDocument('doc_9');
    expect(refund.documentId).toBe('doc_9');
  });

  it('is made only by a refund operation of its own charge', () => {
    expect(() => Refund.of(charge, ChargeOperation.start(charge, 'capture', 2_000, null, now), now)).toThrow(/not a refund/);
    expect(() => Refund.of(charge, ChargeOperation.start({ ...charge, id: 'ch_other' }, 'refund', 2_000, null, now), now)).toThrow(
      /not a refund/,
    );
  });
});
