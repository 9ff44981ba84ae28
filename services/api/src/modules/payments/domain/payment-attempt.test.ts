import { describe, expect, it } from 'vitest';
import { Bill } from '../../../shared/domain/bill';
import { type NewAttemptRequest, PaymentAttempt } from './payment-attempt';

const now = new Date('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const request: NewAttemptRequest = {
  scope: { accountId: 'acct_1', livemode: false },
  sessionId: 'co_1',
  customerId: 'cus_1',
  currency: 'ils',
  captureMethod: 'automatic',
  createDocument: true,
  lineItems: null,
  bill: Bill.of([{ description: 'Pro', quantity: 1, unitAmount: 12_000, amount: 12_000 }]),
  installments: 3,
  source: { type: 'card', token: 'tok_1' },
  subscription: { id: 'sub_1', period: 0 },
};

describe('PaymentAttempt', () => {
  it('starts pending with its idempotency key and a versioned request to replay', () => {
    const attempt = PaymentAttempt.start(request, now);
    expect(attempt).toMatchObject({ status: 'pending', checkoutSessionId: 'co_1', amount: 12_000 });
    expect(attempt.idempotencyKey).toBe(`pay_${attempt.id}`);
    expect(attempt.outcome()).toBeNull();
    const { bill, ...asked } = request;
    expect(attempt.replay()).toEqual({
      ...asked,
      amount: 12_000,
      documentLines: bill.lines,
      version: 3,
      paidWith: 'tok_1',
      challengeResult: null,
    });
  });

  it('settles once: succeeded with its charge, or failed with its code', () => {
    const paid = PaymentAttempt.start(request, now);
    paid.succeeded('ch_1', later(1));
    expect(paid.outcome()).toEqual({ status: 'succeeded', chargeId: 'ch_1' });
    expect(() => paid.failed('card_declined', null, now)).toThrow(/succeeded/);
    const declined = PaymentAttempt.start(request, now);
    declined.failed('card_declined', 'ch_2', later(1));
    expect(declined.outcome()).toEqual({ status: 'failed', code: 'card_declined' });
    expect(() => declined.succeeded('ch_3', now)).toThrow(/failed/);
  });

  it("keeps the Bit page the processor made for it, and records a late Bit payment's refund only once it ended unpaid", () => {
    const bit = PaymentAttempt.start({ ...request, installments: null, subscription: null, source: { type: 'bit_page' } }, now);
    expect(bit.awaitsProcessor()).toBe(true);
    expect(bit.replay().paidWith).toBe('bit_page');
    bit.showsBitPage('https://bit.example/sale/1');
    expect(bit.replay().source).toEqual({ type: 'bit_page', url: 'https://bit.example/sale/1' });
    expect(bit.endedUnpaid()).toBe(false);
    expect(() => bit.refundedLate(now)).toThrow(/did not end unpaid/);
    bit.failed('processing_error', null, later(1));
    expect(bit.awaitsProcessor()).toBe(false);
    expect(bit.endedUnpaid()).toBe(true);
    bit.refundedLate(later(2));
    expect(bit).toMatchObject({ status: 'failed', failureCode: 'late_payment_refunded', chargeId: null, updatedAt: later(2) });
    expect(bit.endedUnpaid()).toBe(false);
    // A card's attempt has no Bit page, and one declined with its charge did not end unpaid.
    const card = PaymentAttempt.start(request, now);
    expect(() => card.showsBitPage('https://bit.example/sale/2')).toThrow(/not paid on a Bit page/);
    card.failed('card_declined', 'ch_9', now);
    expect(card.endedUnpaid()).toBe(false);
  });

  it('waits for 3-D Secure, takes the answer for its own challenge only, and goes back to pending with it', () => {
    const attempt = PaymentAttempt.start(request, now);
    attempt.challenged('chal_1', now);
    expect(attempt.outcome()).toEqual({ status: 'requires_action', challengeId: 'chal_1' });
    expect(attempt.awaitsChallenge('chal_2')).toBe(false);
    expect(() => attempt.answerChallenge('chal_2', 'authenticated', now)).toThrow(/no open challenge/);
    attempt.answerChallenge('chal_1', 'authenticated', later(5));
    expect(attempt).toMatchObject({ status: 'pending', updatedAt: later(5) });
    expect(attempt.replay().challengeResult).toBe('authenticated');
    expect(attempt.challengeKey()).toBe(`${attempt.idempotencyKey}_3ds`);
    expect(() => attempt.answerChallenge('chal_1', 'failed', now)).toThrow();
  });

  it('is abandoned only while it waits for a challenge', () => {
    const attempt = PaymentAttempt.start(request, now);
    expect(() => attempt.abandon(now)).toThrow(/only a challenged one/);
    attempt.challenged('chal_1', now);
    attempt.abandon(later(1));
    expect(attempt.status).toBe('abandoned');
  });

  it('is stale when pending and silent for longer than the limit', () => {
    const attempt = PaymentAttempt.start(request, now);
    expect(attempt.isStale(later(999), 1000)).toBe(false);
    expect(attempt.isStale(later(1000), 1000)).toBe(true);
    attempt.succeeded('ch_1', now);
    expect(attempt.isStale(later(5000), 1000)).toBe(false);
  });

  it('is joined only by a confirm that chose the same to pay with, whatever token the processor charges', () => {
    const attempt = PaymentAttempt.start(request, now);
    attempt.paysWith('processor_tok_9');
    expect(attempt.paysWithSame('tok_1')).toBe(true);
    expect(attempt.paysWithSame('tok_2')).toBe(false);
    expect(attempt.paysWithSame('processor_tok_9')).toBe(false);
    const saved = PaymentAttempt.start({ ...request, source: { type: 'saved_card', paymentMethod: 'pm_1', processorRef: 'ref_1' } }, now);
    expect([saved.paysWithSame('pm_1'), saved.paysWithSame('ref_1')]).toEqual([true, false]);
  });

  it("charges the card it saved, and stays joined by the shopper's token", () => {
    const attempt = PaymentAttempt.start({ ...request, source: { type: 'card', token: 'tok_1', save: true } }, now);
    attempt.savedCard('pm_7', 'ref_7');
    expect(attempt.replay().source).toEqual({ type: 'saved_card', paymentMethod: 'pm_7', processorRef: 'ref_7' });
    expect(attempt.paysWithSame('tok_1')).toBe(true);
    expect(() => attempt.savedCard('pm_8', 'ref_8')).toThrow(/saves no card/);
  });

  it('reads a version 2 request, as it was stored before `paidWith`', () => {
    const attempt = PaymentAttempt.start(request, now);
    const { paidWith: _dropped, ...stored } = attempt.replay();
    attempt.request = { ...stored, version: 2 };
    expect(attempt.replay()).toMatchObject({ version: 3, paidWith: 'tok_1', amount: 12_000 });
  });

  it('refuses to replay a stored request of another version or shape, loudly', () => {
    const attempt = PaymentAttempt.start(request, now);
    attempt.request = { source: { type: 'card', token: 'tok_1' }, installments: null };
    expect(() => attempt.replay()).toThrow(/version undefined is not 3; refusing/);
    attempt.request = { ...(PaymentAttempt.start(request, now).request as object), version: 1 };
    expect(() => attempt.replay()).toThrow(/version 1 is not 3/);
    attempt.request = { ...(PaymentAttempt.start(request, now).request as object), amount: '12000' };
    expect(() => attempt.replay()).toThrow(/does not have the version 3 shape/);
    attempt.request = null;
    expect(() => attempt.replay()).toThrow(/refusing/);
  });

  it('a stored request of another shape is refused, whichever field is wrong', () => {
    const corrupt = (change: Record<string, unknown>) => {
      const attempt = PaymentAttempt.start(request, now);
      attempt.request = { ...(attempt.request as object), ...change };
      return () => attempt.replay();
    };
    const shape = /stored request does not have the version 3 shape; refusing to replay it/;
    for (const change of [
      { scope: undefined },
      { scope: { accountId: 1, livemode: false } },
      { scope: { accountId: 'acct_1', livemode: 'no' } },
      { sessionId: 7 },
      { customerId: null },
      { amount: 1.5 },
      { currency: 'usd' },
      { captureMethod: 'later' },
      { createDocument: 'yes' },
      { documentLines: null },
      { lineItems: 'none' },
      { installments: 2.5 },
      { source: undefined },
      { paidWith: undefined },
      { source: { type: 'cash' } },
      { subscription: { id: 5 } },
      { subscription: undefined },
      { challengeResult: 'maybe' },
    ])
      expect(corrupt(change), JSON.stringify(change)).toThrow(shape);
    expect(corrupt({ version: 1 })).toThrow('stored request version 1 is not 3; refusing to replay it');
    const stored = PaymentAttempt.start(request, now);
    stored.request = null;
    expect(() => stored.replay()).toThrow('stored request version undefined is not 3');
    // Every value each field may take replays.
    for (const change of [
      { captureMethod: 'manual' },
      { lineItems: [] },
      { installments: null },
      { subscription: null },
      { challengeResult: 'authenticated' },
      { challengeResult: 'failed' },
      { source: { type: 'saved_card', paymentMethod: 'pm_1', processorRef: 'ref' } },
      { source: { type: 'wallet', wallet: 'bit', token: 'tok_w' } },
    ])
      expect(corrupt(change)(), JSON.stringify(change)).toMatchObject(change);
  });

  it("pays with the processor's own token when it is not the page's; a saved card keeps its reference", () => {
    const attempt = PaymentAttempt.start(request, now);
    attempt.paysWith('tok_1');
    expect(attempt.replay().source).toEqual({ type: 'card', token: 'tok_1' });
    attempt.paysWith('TranzilaToken');
    expect(attempt.replay().source).toEqual({ type: 'card', token: 'TranzilaToken' });
    const wallet = PaymentAttempt.start({ ...request, source: { type: 'wallet', wallet: 'bit', token: 'tok_w' } }, now);
    wallet.paysWith('bit_own');
    expect(wallet.replay().source).toEqual({ type: 'wallet', wallet: 'bit', token: 'bit_own' });
    const saved = PaymentAttempt.start({ ...request, source: { type: 'saved_card', paymentMethod: 'pm_1', processorRef: 'ref_1' } }, now);
    saved.paysWith('other');
    expect(saved.replay().source).toEqual({ type: 'saved_card', paymentMethod: 'pm_1', processorRef: 'ref_1' });
  });

  it('says which transition a settled attempt refused', () => {
    const attempt = PaymentAttempt.start(request, now);
    expect(attempt.id).toMatch(/^att_/);
    attempt.succeeded('ch_1', now);
    expect(() => attempt.succeeded('ch_1', now)).toThrow(`payment attempt ${attempt.id} is succeeded and cannot succeed`);
    expect(() => attempt.failed('card_declined', null, now)).toThrow('cannot fail');
    expect(() => attempt.challenged('3ds_1', now)).toThrow('cannot be challenged');
  });
});
