import { describe, expect, it } from 'vitest';
import { Subscription } from './subscription';
import { SubscriptionStart } from './subscription-start';

const now = new Date('2026-03-31T10:00:00Z');
const plan = {
  price: 'price_1',
  product: 'prod_1',
  name: 'Pro',
  unitAmount: 4_900,
  currency: 'ils' as const,
  interval: 'month' as const,
  trialPeriodDays: null,
};
const subscription = Subscription.start(
  { accountId: 'acct_1', livemode: false },
  { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: 'clock_1' },
  now,
);

describe('SubscriptionStart', () => {
  it('rebuilds the very subscription it was made from', () => {
    const start = SubscriptionStart.of(subscription);
    expect(start).toMatchObject({ id: subscription.id, accountId: 'acct_1', livemode: false, status: 'pending' });
    const stored = Object.assign(new SubscriptionStart(), JSON.parse(JSON.stringify(start)), { createdAt: start.createdAt });
    expect(stored.subscription()).toEqual(subscription);
  });

  it('settles once', () => {
    const start = SubscriptionStart.of(subscription);
    start.settled('succeeded');
    expect(start.status).toBe('succeeded');
    expect(() => start.settled('failed')).toThrow(/already succeeded/);
  });

  it('refuses to replay a stored request of another shape', () => {
    const start = SubscriptionStart.of(subscription);
    start.request = { version: 0, customerId: 'cus_1' };
    expect(() => start.subscription()).toThrow(/refusing to replay/);
  });

  it('refuses to replay a request missing any field it needs', () => {
    const good = SubscriptionStart.of(subscription).request as Record<string, unknown>;
    for (const change of [{ version: 2 }, { customerId: 7 }, { paymentMethodId: undefined }, { plan: null }, { startedAt: 12 }]) {
      const start = SubscriptionStart.of(subscription);
      start.request = { ...good, ...change };
      expect(() => start.subscription(), JSON.stringify(change)).toThrow(
        `subscription start ${start.id}: stored request is not of version 1; refusing to replay it`,
      );
    }
    const noClock = SubscriptionStart.of(subscription);
    noClock.request = { ...good, testClockId: undefined };
    expect(noClock.subscription().testClockId).toBeNull();
  });
});
