import { BigIntType, EntitySchema } from '@mikro-orm/postgresql';
import { Subscription } from '../../domain/subscription';
import { SubscriptionChange } from '../../domain/subscription-change';
import { SubscriptionStart } from '../../domain/subscription-start';

export const SubscriptionSchema = new EntitySchema<Subscription>({
  class: Subscription,
  tableName: 'subscriptions',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    customerId: { type: 'string' },
    priceId: { type: 'string' },
    paymentMethodId: { type: 'string' },
    plan: { type: 'json' },
    quantity: { type: 'integer' },
    status: { type: 'string' },
    resumesAt: { type: 'Date', nullable: true },
    prorations: { type: 'json' },
    pendingChangeId: { type: 'string', nullable: true },
    metadata: { type: 'json' },
    anchor: { type: 'Date' },
    periodIndex: { type: 'integer' },
    currentPeriodStart: { type: 'Date' },
    currentPeriodEnd: { type: 'Date' },
    trialEnd: { type: 'Date', nullable: true },
    trialWillEndSent: { type: 'boolean' },
    cancelAtPeriodEnd: { type: 'boolean' },
    canceledAt: { type: 'Date', nullable: true },
    cancellationReason: { type: 'string', nullable: true },
    failedAttempts: { type: 'integer' },
    firstFailureAt: { type: 'Date', nullable: true },
    nextRetryAt: { type: 'Date', nullable: true },
    dunningEndsAt: { type: 'Date', nullable: true },
    planDiscounts: { type: 'json' },
    testClockId: { type: 'string', nullable: true },
    createdAt: { type: 'Date' },
  },
});

/** Money intents of the subscription kinds, in the table every intent shares (`money_intents`). */
export const SubscriptionStartSchema = new EntitySchema<SubscriptionStart>({
  class: SubscriptionStart,
  tableName: 'money_intents',
  properties: {
    id: { type: 'string', primary: true },
    kind: { type: 'string' },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    subscriptionId: { type: 'string', fieldName: 'subject_id' },
    idempotencyKey: { type: 'string' },
    status: { type: 'string' },
    request: { type: 'json' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});

export const SubscriptionChangeSchema = new EntitySchema<SubscriptionChange>({
  class: SubscriptionChange,
  tableName: 'money_intents',
  properties: {
    id: { type: 'string', primary: true },
    kind: { type: 'string' },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    subscriptionId: { type: 'string', fieldName: 'subject_id' },
    idempotencyKey: { type: 'string' },
    status: { type: 'string' },
    amount: { type: new BigIntType('number') },
    creditUsed: { type: new BigIntType('number') },
    change: { type: 'json', fieldName: 'request' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});
