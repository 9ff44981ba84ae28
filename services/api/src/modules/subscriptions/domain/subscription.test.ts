import { describe, expect, it } from 'vitest';
import { DAY_MS } from './billing-period';
import { Subscription } from './subscription';

const scope = { accountId: 'acct_1', livemode: false };
const plan = { price: 'price_1', product: 'prod_1', name: 'Pro', unitAmount: 4900, currency: 'ils' as const, interval: 'month' as const, trialPeriodDays: null };
const start = new Date('2026-01-31T10:00:00Z');

describe('Subscription', () => {
  it('starts on a paid first period one interval long', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null, renewalDiscount: 0 }, start);
    expect(sub).toMatchObject({ status: 'active', periodIndex: 0, trialEnd: null });
    expect(sub.currentPeriodEnd.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(sub.nextStep(new Date('2026-02-28T09:59:59Z'))).toBeNull();
    expect(sub.nextStep(new Date('2026-02-28T10:00:00Z'))).toMatchObject({ kind: 'charge', period: 1, attempt: 1 });
    sub.renewed(1);
    expect([sub.currentPeriodStart.toISOString(), sub.currentPeriodEnd.toISOString()]).toEqual(['2026-02-28T10:00:00.000Z', '2026-03-31T10:00:00.000Z']);
  });

  it('starts a trial, warns three days before its end, then bills from the trial\'s end', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan: { ...plan, trialPeriodDays: 14 }, testClockId: null, renewalDiscount: 0 }, start);
    expect(sub.periodIndex).toBe(-1);
    expect(sub.trialEnd!.toISOString()).toBe('2026-02-14T10:00:00.000Z');
    expect(sub.nextStep(new Date('2026-02-11T10:00:00Z'))).toMatchObject({ kind: 'trial_will_end' });
    sub.markTrialWillEndSent();
    expect(sub.nextStep(new Date('2026-02-14T10:00:00Z'))).toMatchObject({ kind: 'charge', period: 0 });
    sub.renewed(0);
    expect(sub.currentPeriodEnd.toISOString()).toBe('2026-03-14T10:00:00.000Z');
  });

  it('retries a declined renewal after 1, 3 and 5 days, then cancels', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null, renewalDiscount: 0 }, start);
    const failedAt = sub.currentPeriodEnd;
    expect(sub.renewalFailed(failedAt)).toBe('past_due');
    expect(sub.nextRetryAt!.getTime() - failedAt.getTime()).toBe(DAY_MS);
    expect(sub.renewalFailed(sub.nextRetryAt!)).toBe('retrying');
    expect(sub.nextRetryAt!.getTime() - failedAt.getTime()).toBe(3 * DAY_MS);
    expect(sub.renewalFailed(sub.nextRetryAt!)).toBe('retrying');
    expect(sub.nextRetryAt!.getTime() - failedAt.getTime()).toBe(5 * DAY_MS);
    expect(sub.renewalFailed(sub.nextRetryAt!)).toBe('canceled');
    expect(sub.status).toBe('canceled');
    expect(sub.nextStep(new Date('2030-01-01T00:00:00Z'))).toBeNull();
  });

  it('returns to active, on the period that was due, when a retry succeeds', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null, renewalDiscount: 0 }, start);
    sub.renewalFailed(sub.currentPeriodEnd);
    const retry = sub.nextStep(sub.nextRetryAt!);
    expect(retry).toMatchObject({ kind: 'charge', period: 1, attempt: 2 });
    sub.renewed(1);
    expect(sub).toMatchObject({ status: 'active', failedAttempts: 0, nextRetryAt: null, periodIndex: 1 });
    expect(sub.currentPeriodEnd.toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it('with cancel_at_period_end ends at the period\'s end instead of charging', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null, renewalDiscount: 0 }, start);
    sub.scheduleCancel();
    expect(sub.status).toBe('active');
    expect(sub.nextStep(sub.currentPeriodEnd)).toMatchObject({ kind: 'end_at_period_end' });
  });
});
