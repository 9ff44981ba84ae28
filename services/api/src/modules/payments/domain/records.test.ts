import { describe, expect, it } from 'vitest';
import { tokenRefused } from './card-token';
import { ChargeOperation } from './charge-operation';
import { PaymentMethod, PaymentMethodNotFound } from './payment-method';
import { PROCESSOR_CREDENTIALS, ProcessorConnection } from './processor-connection';
import { RefundNotFound, refundIdOf } from './refund';

const now = new Date('2026-03-01T12:00:00Z');
const later = new Date('2026-03-02T12:00:00Z');
const CHARGE_1 = { id: 'ch_1', accountId: 'acct_1', livemode: false };

describe('the smaller records of payments', () => {
  it('a token is refused as used or as unknown, naming the field it came in', () => {
    expect(tokenRefused('used', 'payment_method.token')).toMatchObject({
      code: 'token_already_used',
      message: 'This card token was already used; tokenize the card again',
      param: 'payment_method.token',
    });
    expect(tokenRefused('not_found', 'token')).toMatchObject({
      code: 'token_not_found',
      message: 'No such card token for this checkout',
      param: 'token',
    });
  });

  it('an operation is settled once, its key named for its kind', () => {
    const operation = ChargeOperation.start(CHARGE_1, 'refund', 500, 'duplicate', now);
    expect(operation.id).toMatch(/^op_/);
    expect(operation.idempotencyKey).toBe(`refund_${operation.id}`);
    expect(ChargeOperation.start(CHARGE_1, 'capture', 500, null, now, 'op_named').id).toBe('op_named');
    operation.succeeded();
    expect(() => operation.failed()).toThrow(`operation ${operation.id} is already succeeded`);
    expect(() => operation.succeeded()).toThrow('is already succeeded');
    const refused = ChargeOperation.start(CHARGE_1, 'capture', 500, null, now);
    refused.failed();
    expect(() => refused.succeeded()).toThrow('is already failed');
  });

  it("a refund's id follows from its operation's", () => {
    const operation = ChargeOperation.start(CHARGE_1, 'refund', 500, null, now, 'op_abc');
    expect(refundIdOf(operation)).toBe('re_abc');
    expect(refundIdOf(ChargeOperation.start(CHARGE_1, 'refund', 500, null, now, 'xop_abc'))).toBe('xop_abc');
    expect(new RefundNotFound('re_x').message).toBe("No such refund: 're_x'");
  });

  it('a saved card shows its card without the fingerprint, and can be detached from its customer', () => {
    const card = { brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030, fingerprint: 'fp_1' };
    const method = PaymentMethod.save({ accountId: 'acct_1', livemode: true }, 'cus_1', 'ref_1', card, now);
    expect(method).toMatchObject({ accountId: 'acct_1', livemode: true, customerId: 'cus_1', processorRef: 'ref_1', fingerprint: 'fp_1' });
    expect(method.id).toMatch(/^pm_/);
    expect(method.card()).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    method.detach();
    expect(method.customerId).toBeNull();
    expect(new PaymentMethodNotFound('pm_x', 'payment_method')).toMatchObject({
      message: "No such payment method: 'pm_x'",
      param: 'payment_method',
    });
  });

  it('a processor connection keeps when it was first made when connected again, and what the gateway told of the terminal', () => {
    const connection = ProcessorConnection.connect('acct_1', 'tranzila', 'shop1', 'sealed-1', { key_field: 'order_ref' }, now);
    expect(connection).toMatchObject({
      name: 'tranzila',
      terminal: 'shop1',
      credentialsSealed: 'sealed-1',
      settings: { key_field: 'order_ref' },
      createdAt: now,
      updatedAt: now,
    });
    connection.reconnect('tranzila', 'shop2', 'sealed-2', { key_field: 'kupa_key' }, later);
    expect(connection).toMatchObject({
      terminal: 'shop2',
      credentialsSealed: 'sealed-2',
      settings: { key_field: 'kupa_key' },
      createdAt: now,
      updatedAt: later,
    });
    expect(PROCESSOR_CREDENTIALS).toBe('processor-credentials');
  });
});
