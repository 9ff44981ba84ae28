import { EntitySchema } from '@mikro-orm/postgresql';
import { Subscription } from '../../domain/subscription';
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
    status: { type: 'string' },
    anchor: { type: 'Date' },
    periodIndex: { type: 'integer' },
    currentPeriodStart: { type: 'Date' },
    currentPeriodEnd: { type: 'Date' },
    trialEnd: { type: 'Date', nullable: true },
    trialWillEndSent: { type: 'boolean' },
    cancelAtPeriodEnd: { type: 'boolean' },
    canceledAt: { type: 'Date', nullable: true },
    failedAttempts: { type: 'integer' },
    firstFailureAt: { type: 'Date', nullable: true },
    nextRetryAt: { type: 'Date', nullable: true },
    planDiscount: { type: 'json', nullable: true },
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
