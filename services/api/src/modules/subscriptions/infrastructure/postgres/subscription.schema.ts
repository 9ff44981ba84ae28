import { EntitySchema } from '@mikro-orm/postgresql';
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

export const SubscriptionStartSchema = new EntitySchema<SubscriptionStart>({
  class: SubscriptionStart,
  tableName: 'subscription_starts',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    status: { type: 'string' },
    request: { type: 'json' },
    createdAt: { type: 'Date' },
  },
});

export const SubscriptionChangeSchema = new EntitySchema<SubscriptionChange>({
  class: SubscriptionChange,
  tableName: 'subscription_changes',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    subscriptionId: { type: 'string' },
    status: { type: 'string' },
    amount: { type: 'integer' },
    creditUsed: { type: 'integer' },
    change: { type: 'json' },
    createdAt: { type: 'Date' },
  },
});
