import { type MoneyIntent, periodChargeKey } from '../../../shared/domain/money-intent';
import type { Plan } from '../../../shared/domain/plan';
import { Subscription } from './subscription';

/** 1: the inputs of `Subscription.start` that a replay needs. */
const START_REQUEST_VERSION = 1;

interface StartRequest {
  version: typeof START_REQUEST_VERSION;
  customerId: string;
  paymentMethodId: string;
  plan: Plan;
  testClockId: string | null;
  startedAt: string;
  /** Absent from starts recorded before subscriptions had metadata. */
  metadata?: Record<string, string>;
}

/**
 * A subscription created through the API whose first period is being charged: committed before the
 * processor call, so a crash after it leaves a record the reconciler finishes (the charge and, if paid,
 * the subscription) instead of money taken for a subscription that never existed.
 */
export class SubscriptionStart implements MoneyIntent {
  /** The id the subscription will have. */
  id!: string;
  kind!: 'subscription_start';
  accountId!: string;
  livemode!: boolean;
  /** The subscription it starts: its own id. */
  subscriptionId!: string;
  /** The key of the first period's charge: the subscription's period 0, first try. */
  idempotencyKey!: string;
  status!: 'pending' | 'succeeded' | 'failed';
  request!: unknown;
  createdAt!: Date;
  updatedAt!: Date;

  static of(subscription: Subscription): SubscriptionStart {
    const start = new SubscriptionStart();
    start.id = subscription.id;
    start.kind = 'subscription_start';
    start.subscriptionId = subscription.id;
    start.idempotencyKey = periodChargeKey(subscription.id, 0, 1);
    start.accountId = subscription.accountId;
    start.livemode = subscription.livemode;
    start.status = 'pending';
    start.request = {
      version: START_REQUEST_VERSION,
      customerId: subscription.customerId,
      paymentMethodId: subscription.paymentMethodId,
      plan: subscription.plan,
      testClockId: subscription.testClockId,
      startedAt: subscription.createdAt.toISOString(),
      metadata: subscription.metadata,
    } satisfies StartRequest;
    start.createdAt = subscription.createdAt;
    start.updatedAt = subscription.createdAt;
    return start;
  }

  /** The subscription as it was decided (the same id, plan and period), rebuilt from what was stored. */
  subscription(): Subscription {
    const request = this.request as Partial<StartRequest>;
    if (
      request.version !== START_REQUEST_VERSION ||
      typeof request.customerId !== 'string' ||
      typeof request.paymentMethodId !== 'string' ||
      !request.plan ||
      typeof request.startedAt !== 'string'
    ) {
      throw new Error(`subscription start ${this.id}: stored request is not of version ${START_REQUEST_VERSION}; refusing to replay it`);
    }
    return Subscription.start(
      this,
      {
        id: this.id,
        customerId: request.customerId,
        paymentMethodId: request.paymentMethodId,
        plan: request.plan,
        testClockId: request.testClockId ?? null,

        metadata: request.metadata ?? {},
      },
      new Date(request.startedAt),
    );
  }

  settled(outcome: 'succeeded' | 'failed'): void {
    if (this.status !== 'pending') throw new Error(`subscription start ${this.id} is already ${this.status}`);
    this.status = outcome;
  }
}
