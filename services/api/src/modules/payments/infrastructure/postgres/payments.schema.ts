import { BigIntType, EntitySchema } from '@mikro-orm/postgresql';
import { Charge } from '../../domain/charge';
import { ChargeOperation } from '../../domain/charge-operation';
import { PaymentAttempt } from '../../domain/payment-attempt';
import { PaymentMethod } from '../../domain/payment-method';
import { Refund } from '../../domain/refund';

const money = () => ({ type: new BigIntType('number') });

export const ChargeSchema = new EntitySchema<Charge>({
  class: Charge,
  tableName: 'charges',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    customerId: { type: 'string' },
    amount: money(),
    amountCaptured: { ...money(), nullable: true },
    amountRefunded: money(),
    currency: { type: 'string' },
    status: { type: 'string' },
    captureMethod: { type: 'string' },
    authorizedAt: { type: 'Date', nullable: true },
    capturableUntil: { type: 'Date', nullable: true },
    capturedAt: { type: 'Date', nullable: true },
    canceledAt: { type: 'Date', nullable: true },
    cancellationReason: { type: 'string', nullable: true },
    checkoutSessionId: { type: 'string', nullable: true },
    lineItems: { type: 'json', nullable: true },
    subscriptionId: { type: 'string', nullable: true },
    subscriptionPeriod: { type: 'integer', nullable: true },
    paymentMethodDetails: { type: 'json' },
    installments: { type: 'integer', nullable: true },
    metadata: { type: 'json' },
    documentId: { type: 'string', nullable: true },
    failureCode: { type: 'string', nullable: true },
    failureMessage: { type: 'string', nullable: true },
    failureKind: { type: 'string', nullable: true },
    nextRetryAt: { type: 'Date', nullable: true },
    processorRef: { type: 'string', nullable: true },
    createDocument: { type: 'boolean' },
    documentLines: { type: 'json' },
    createdAt: { type: 'Date' },
  },
});

/** Money intents of the payments kinds, in the table every intent shares (`money_intents`). */
export const PaymentAttemptSchema = new EntitySchema<PaymentAttempt>({
  class: PaymentAttempt,
  tableName: 'money_intents',
  properties: {
    id: { type: 'string', primary: true },
    kind: { type: 'string' },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    checkoutSessionId: { type: 'string', fieldName: 'subject_id' },
    idempotencyKey: { type: 'string' },
    status: { type: 'string' },
    request: { type: 'json' },
    amount: money(),
    challengeId: { type: 'string', nullable: true },
    chargeId: { type: 'string', nullable: true },
    failureCode: { type: 'string', nullable: true },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});

export const ChargeOperationSchema = new EntitySchema<ChargeOperation>({
  class: ChargeOperation,
  tableName: 'money_intents',
  properties: {
    id: { type: 'string', primary: true },
    kind: { type: 'string' },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    chargeId: { type: 'string', fieldName: 'subject_id' },
    amount: { ...money(), nullable: true },
    reason: { type: 'string', nullable: true },
    idempotencyKey: { type: 'string' },
    status: { type: 'string' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});

export const PaymentMethodSchema = new EntitySchema<PaymentMethod>({
  class: PaymentMethod,
  tableName: 'payment_methods',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    customerId: { type: 'string', nullable: true },
    processorRef: { type: 'string' },
    brand: { type: 'string' },
    last4: { type: 'string', fieldName: 'last4' },
    expMonth: { type: 'integer' },
    expYear: { type: 'integer' },
    fingerprint: { type: 'string' },
    createdAt: { type: 'Date' },
  },
});

export const RefundSchema = new EntitySchema<Refund>({
  class: Refund,
  tableName: 'refunds',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    chargeId: { type: 'string' },
    amount: money(),
    currency: { type: 'string' },
    status: { type: 'string' },
    reason: { type: 'string', nullable: true },
    documentId: { type: 'string', nullable: true },
    metadata: { type: 'json' },
    createdAt: { type: 'Date' },
  },
});
