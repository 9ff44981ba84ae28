import { describe, expect, it } from 'vitest';
import { Charge, type NewCharge, UNKNOWN_CARD } from './charge';

const HOLD_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const scope = { accountId: 'acct_1', livemode: false };
const now = new Date('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

function input(captureMethod: 'automatic' | 'manual', amount = 10_000): NewCharge {
  return {
    customerId: 'cus_1',
    amount,
    currency: 'ils',
    captureMethod,
    checkoutSessionId: null,
    lineItems: null,
    subscriptionId: null,
    paymentMethod: { type: 'card', wallet: null, card: UNKNOWN_CARD },
    installments: null,
    metadata: {},
    createDocument: true,
    documentLines: [],
  };
}
const sale = () => Charge.authorized(scope, input('automatic'), 'sim_1', now, HOLD_WINDOW_MS);
const hold = () => Charge.authorized(scope, input('manual'), 'sim_1', now, HOLD_WINDOW_MS);

describe('Charge', () => {
  it("stays as it was when the processor refuses an operation for good; a refund's reserved amount is free again", () => {
    const charge = sale();
    const refund = charge.startRefund(4_000, null, now);
    expect(charge.refundable()).toBe(6_000);
    charge.refused(refund);
    expect(refund.status).toBe('failed');
    expect(charge.refundable()).toBe(10_000);
    expect(() => charge.finish(refund, now)).toThrow(/already failed/);

    const held = hold();
    const capture = held.startCapture(5_000, now);
    held.refused(capture);
    expect([capture.status, held.status, held.amountCaptured]).toEqual(['failed', 'requires_capture', null]);
    expect(held.startCapture(5_000, now).status).toBe('pending');
  });

  it("is born captured (automatic) or held for its processor's window (manual), or failed with its reason", () => {
    expect(sale()).toMatchObject({ status: 'succeeded', amountCaptured: 10_000, capturedAt: now });
    expect(hold()).toMatchObject({ status: 'requires_capture', amountCaptured: null, capturableUntil: later(HOLD_WINDOW_MS) });
    const failed = Charge.declined(scope, input('automatic'), { code: 'card_declined', message: 'Declined', kind: 'hard' }, now);
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'card_declined', processorRef: null });
    expect(failed.refundable()).toBe(0);
  });

  it('captures a hold in part: the operation first, the charge after the processor', () => {
    const charge = hold();
    const operation = charge.startCapture(6_000, now);
    expect(operation).toMatchObject({ kind: 'capture', amount: 6_000, status: 'pending', chargeId: charge.id });
    expect(charge.status).toBe('requires_capture');
    charge.finish(operation, later(1000));
    expect(charge).toMatchObject({ status: 'succeeded', amountCaptured: 6_000, capturedAt: later(1000) });
    expect(operation.status).toBe('succeeded');
    expect([charge.released(), charge.refundable()]).toEqual([4_000, 6_000]);
  });

  it('captures all of a hold when no amount is named', () => {
    const charge = hold();
    expect(charge.startCapture(undefined, now).amount).toBe(10_000);
  });

  it('refuses a capture above the hold, after its window, of a sale, or after the hold ended', () => {
    expect(() => hold().startCapture(10_001, now)).toThrow(expect.objectContaining({ code: 'amount_too_large' }));
    expect(() => hold().startCapture(undefined, later(HOLD_WINDOW_MS))).toThrow(expect.objectContaining({ code: 'charge_expired' }));
    expect(() => sale().startCapture(undefined, now)).toThrow(expect.objectContaining({ code: 'charge_not_capturable' }));
    const captured = hold();
    captured.finish(captured.startCapture(undefined, now), now);
    expect(() => captured.startCapture(undefined, now)).toThrow(expect.objectContaining({ code: 'charge_not_capturable' }));
    expect(() => captured.startCancel('requested_by_customer', now)).toThrow(expect.objectContaining({ code: 'charge_not_capturable' }));
  });

  it('cancels a hold with its reason, and then refuses to capture or cancel it', () => {
    const charge = hold();
    const operation = charge.startCancel('expired', now);
    charge.finish(operation, later(5));
    expect(charge).toMatchObject({ status: 'canceled', cancellationReason: 'expired', canceledAt: later(5) });
    expect(() => charge.startCapture(undefined, now)).toThrow(expect.objectContaining({ code: 'charge_not_capturable' }));
    expect(() => charge.startCancel('duplicate', now)).toThrow(expect.objectContaining({ code: 'charge_not_capturable' }));
    expect(() => sale().startCancel('duplicate', now)).toThrow(expect.objectContaining({ code: 'charge_not_capturable' }));
  });

  it('knows when a hold has expired', () => {
    expect(hold().holdExpired(later(HOLD_WINDOW_MS - 1))).toBe(false);
    expect(hold().holdExpired(later(HOLD_WINDOW_MS))).toBe(true);
    expect(sale().holdExpired(later(HOLD_WINDOW_MS))).toBe(false);
  });

  it('reserves each refund at its start, so refunds never exceed what was captured', () => {
    const charge = sale();
    const first = charge.startRefund(4_000, 'requested_by_customer', now);
    expect([first.kind, first.amount, charge.amountRefunded]).toEqual(['refund', 4_000, 4_000]);
    expect(() => charge.startRefund(6_001, null, now)).toThrow(expect.objectContaining({ code: 'amount_too_large' }));
    const rest = charge.startRefund(undefined, null, now);
    expect(rest.amount).toBe(6_000);
    charge.finish(rest, now);
    expect(rest.status).toBe('succeeded');
    expect(() => charge.startRefund(1, null, now)).toThrow(expect.objectContaining({ code: 'charge_not_refundable' }));
  });

  it('refuses a refund of a hold that was not captured, and of a failed charge', () => {
    expect(() => hold().startRefund(undefined, null, now)).toThrow(expect.objectContaining({ code: 'charge_not_refundable' }));
    const failed = Charge.declined(scope, input('automatic'), { code: 'card_declined', message: 'Declined', kind: 'hard' }, now);
    expect(() => failed.startRefund(undefined, null, now)).toThrow(expect.objectContaining({ code: 'charge_not_refundable' }));
  });

  it('applies only its own operations, each once', () => {
    const charge = hold();
    const other = hold();
    expect(() => charge.finish(other.startCapture(undefined, now), now)).toThrow(/not charge/);
    const operation = charge.startCapture(undefined, now);
    charge.finish(operation, now);
    expect(() => charge.finish(operation, now)).toThrow();
  });

  it('carries the document issued for it', () => {
    const charge = sale();
    charge.attachDocument('doc_1');
    expect(charge.documentId).toBe('doc_1');
  });

  it('says what it refused, to the agora and the millisecond', () => {
    const held = hold();
    expect(held.id).toMatch(/^ch_/);
    expect(() => held.startCapture(10_001, now)).toThrow(
      expect.objectContaining({ message: 'Cannot capture 10001: the hold is 10000', param: 'amount' }),
    );
    expect(() => sale().startCapture(1, now)).toThrow(`Charge '`);
    expect(() => sale().startCapture(1, now)).toThrow('has no open hold');
    expect(() => held.startCapture(1, later(HOLD_WINDOW_MS))).toThrow(
      `The hold on charge '${held.id}' expired at ${later(HOLD_WINDOW_MS).toISOString()}`,
    );
    const paid = sale();
    paid.startRefund(9_000, null, now);
    expect(() => paid.startRefund(1_001, null, now)).toThrow(
      expect.objectContaining({ message: 'Cannot refund 1001: 1000 is left', param: 'amount' }),
    );
    paid.startRefund(undefined, null, now);
    expect(() => paid.startRefund(1, null, now)).toThrow(`Charge '${paid.id}' has nothing left to refund`);
    expect(() => Charge.authorized(scope, input('manual'), 'sim_1', now, null)).toThrow("a hold needs its processor's window");
  });

  it('a capture names the reference its refunds will use when the processor gives one', () => {
    const held = hold();
    held.finish(held.startCapture(undefined, now), now, 'captured_ref');
    expect(held.processorRef).toBe('captured_ref');
    const other = hold();
    other.finish(other.startCapture(undefined, now), now);
    expect(other.processorRef).toBe('sim_1');
  });

  it('finishing a capture or a cancel needs the hold still open', () => {
    const held = hold();
    const capture = held.startCapture(undefined, now);
    const cancel = held.startCancel('requested_by_customer', now);
    held.finish(cancel, now);
    expect(() => held.finish(capture, now)).toThrow('has no open hold');
    const other = hold();
    const first = other.startCancel('abandoned', now);
    const second = other.startCancel('abandoned', now);
    other.finish(first, now);
    expect(() => other.finish(second, now)).toThrow('has no open hold');
    expect(() => other.refused(hold().startCancel('abandoned', now))).toThrow(/is not charge/);
  });

  it('a refused capture or cancel leaves the refunded amount alone', () => {
    const paid = sale();
    paid.startRefund(2_000, null, now);
    const held = hold();
    held.refused(held.startCancel('abandoned', now));
    expect(held.amountRefunded).toBe(0);
    expect(paid.amountRefunded).toBe(2_000);
  });

  it('a hold without a window never expires by itself; only an open hold does', () => {
    const held = hold();
    expect(held.holdExpired(later(HOLD_WINDOW_MS - 1))).toBe(false);
    expect(held.holdExpired(later(HOLD_WINDOW_MS))).toBe(true);
    held.capturableUntil = null;
    expect(held.holdExpired(later(10 * HOLD_WINDOW_MS))).toBe(false);
    const captured = hold();
    captured.finish(captured.startCapture(undefined, now), now);
    expect(captured.holdExpired(later(HOLD_WINDOW_MS))).toBe(false);
  });

  it('nothing is refundable before a capture; a partial capture released the rest, a sale released nothing', () => {
    const held = hold();
    expect(held.refundable()).toBe(0);
    expect(held.released()).toBe(0);
    held.finish(held.startCapture(6_500, now), now);
    expect(held.refundable()).toBe(6_500);
    expect(held.released()).toBe(3_500);
    expect(sale().released()).toBe(0);
    const canceled = hold();
    canceled.finish(canceled.startCancel('abandoned', now), now);
    expect([canceled.refundable(), canceled.released()]).toEqual([0, 0]);
  });

  it('shows an unknown card when the processor named none', () => {
    expect(UNKNOWN_CARD).toEqual({ brand: 'unknown', last4: '0000', expMonth: 1, expYear: 2000 });
  });
});
