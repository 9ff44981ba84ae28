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
    const failed = Charge.declined(scope, input('automatic'), { code: 'card_declined', message: 'Declined' }, now);
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
    const failed = Charge.declined(scope, input('automatic'), { code: 'card_declined', message: 'Declined' }, now);
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
});
