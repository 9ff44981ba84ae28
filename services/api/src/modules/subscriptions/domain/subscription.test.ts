import { describe, expect, it } from 'vitest';
import { DAY_MS } from './billing-period';
import { Subscription, SubscriptionNotFound } from './subscription';

const scope = { accountId: 'acct_1', livemode: false };
const plan = {
  price: 'price_1',
  product: 'prod_1',
  name: 'Pro',
  unitAmount: 4900,
  currency: 'ils' as const,
  interval: 'month' as const,
  trialPeriodDays: null,
};
const start = new Date('2026-01-31T10:00:00Z');

describe('Subscription', () => {
  it('starts on a paid first period one interval long', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start);
    expect(sub).toMatchObject({ status: 'active', periodIndex: 0, trialEnd: null });
    expect(sub.currentPeriodEnd.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(sub.nextStep(new Date('2026-02-28T09:59:59Z'))).toBeNull();
    expect(sub.nextStep(new Date('2026-02-28T10:00:00Z'))).toMatchObject({ kind: 'charge', period: 1, attempt: 1 });
    sub.renewed(1, 0);
    expect([sub.currentPeriodStart.toISOString(), sub.currentPeriodEnd.toISOString()]).toEqual([
      '2026-02-28T10:00:00.000Z',
      '2026-03-31T10:00:00.000Z',
    ]);
  });

  it("starts a trial, warns three days before its end, then bills from the trial's end", () => {
    const sub = Subscription.start(
      scope,
      { customerId: 'cus_1', paymentMethodId: 'pm_1', plan: { ...plan, trialPeriodDays: 14 }, testClockId: null },
      start,
    );
    expect(sub.periodIndex).toBe(-1);
    expect(sub.trialEnd!.toISOString()).toBe('2026-02-14T10:00:00.000Z');
    expect(sub.nextStep(new Date('2026-02-11T10:00:00Z'))).toMatchObject({ kind: 'trial_will_end' });
    sub.markTrialWillEndSent();
    expect(sub.nextStep(new Date('2026-02-14T10:00:00Z'))).toMatchObject({ kind: 'charge', period: 0 });
    sub.renewed(0, 0);
    expect(sub.currentPeriodEnd.toISOString()).toBe('2026-03-14T10:00:00.000Z');
  });

  it('retries a declined renewal after 1, 3 and 5 days, then cancels', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start);
    const failedAt = sub.currentPeriodEnd;
    expect(sub.renewalFailed(failedAt, 'soft', [1, 3, 5])).toBe('past_due');
    expect(sub.nextRetryAt!.getTime() - failedAt.getTime()).toBe(DAY_MS);
    expect(sub.renewalFailed(sub.nextRetryAt!, 'soft', [1, 3, 5])).toBe('retrying');
    expect(sub.nextRetryAt!.getTime() - failedAt.getTime()).toBe(3 * DAY_MS);
    expect(sub.renewalFailed(sub.nextRetryAt!, 'soft', [1, 3, 5])).toBe('retrying');
    expect(sub.nextRetryAt!.getTime() - failedAt.getTime()).toBe(5 * DAY_MS);
    expect(sub.renewalFailed(sub.nextRetryAt!, 'soft', [1, 3, 5])).toBe('canceled');
    expect(sub.status).toBe('canceled');
    expect(sub.nextStep(new Date('2030-01-01T00:00:00Z'))).toBeNull();
  });

  it("follows the account's schedule, and does not retry a hard decline: it waits for a new card until the last day", () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start);
    const failedAt = sub.currentPeriodEnd;
    expect(sub.renewalFailed(failedAt, 'hard', [2, 7])).toBe('past_due');
    expect(sub.nextRetryAt).toBeNull();
    expect(sub.nextChargeAt()).toBeNull();
    expect(sub.nextStep(new Date(failedAt.getTime() + 6 * DAY_MS))).toBeNull();
    expect(sub.nextStep(new Date(failedAt.getTime() + 7 * DAY_MS))).toEqual({
      kind: 'end_unpaid',
      at: new Date(failedAt.getTime() + 7 * DAY_MS),
    });

    // A new card: retried at once, and a soft decline then waits for the schedule's next day.
    const now = new Date(failedAt.getTime() + DAY_MS);
    expect(sub.retryAt(now)).toBe(true);
    expect(sub.nextStep(now)).toMatchObject({ kind: 'charge', period: 1, attempt: 2 });
    expect(sub.renewalFailed(now, 'soft', [2, 7])).toBe('retrying');
    expect([sub.nextRetryAt, sub.dunningEndsAt]).toEqual([new Date(failedAt.getTime() + 7 * DAY_MS), null]);
    expect(sub.renewalFailed(sub.nextRetryAt!, 'soft', [2, 7])).toBe('canceled');
  });

  it('returns to active, on the period that was due, when a retry succeeds', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start);
    sub.renewalFailed(sub.currentPeriodEnd, 'soft', [1, 3, 5]);
    const retry = sub.nextStep(sub.nextRetryAt!);
    expect(retry).toMatchObject({ kind: 'charge', period: 1, attempt: 2 });
    sub.renewed(1, 0);
    expect(sub).toMatchObject({ status: 'active', failedAttempts: 0, nextRetryAt: null, periodIndex: 1 });
    expect(sub.currentPeriodEnd.toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it("with cancel_at_period_end ends at the period's end instead of charging", () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start);
    sub.scheduleCancel();
    expect(sub.status).toBe('active');
    expect(sub.nextStep(sub.currentPeriodEnd)).toMatchObject({ kind: 'end_at_period_end' });
  });

  it('takes an id decided before it, and charges renewals less a forever discount', () => {
    const sub = Subscription.start(
      scope,
      {
        id: 'sub_decided',
        customerId: 'cus_1',
        paymentMethodId: 'pm_1',
        plan,
        testClockId: 'clock_1',
        planDiscounts: [{ amount: 900, months: null }],
      },
      start,
    );
    expect(sub).toMatchObject({ id: 'sub_decided', testClockId: 'clock_1', planDiscounts: [{ amount: 900, until: null }] });
    expect(sub.renewalAmount()).toBe(4000);
    expect(Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start).id).toMatch(/^sub_/);
  });

  it('knows whether a step is still due, so a step another worker recorded is left alone', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start);
    const step = sub.nextStep(new Date('2026-03-01T00:00:00Z'))!;
    expect(sub.stillDue(step)).toBe(true);
    sub.renewed(1, 0);
    expect(sub.stillDue(step)).toBe(false);
    const retry = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start);
    retry.renewalFailed(new Date('2026-02-28T10:00:00Z'), 'soft', [1, 3, 5]);
    const second = retry.nextStep(new Date('2026-03-01T10:00:00Z'))!;
    expect(second).toMatchObject({ kind: 'charge', period: 1, attempt: 2 });
    expect(retry.stillDue({ ...second, attempt: 1 } as typeof second)).toBe(false);
  });

  it('refuses to cancel, or schedule a cancel of, a canceled subscription', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start);
    sub.cancel(start);
    expect(sub).toMatchObject({ status: 'canceled', canceledAt: start, nextRetryAt: null });
    expect(sub.nextStep(new Date('2027-01-01T00:00:00Z'))).toBeNull();
    expect(() => sub.cancel(start)).toThrow(expect.objectContaining({ code: 'subscription_canceled' }));
    expect(() => sub.scheduleCancel()).toThrow(expect.objectContaining({ code: 'subscription_canceled' }));
  });

  it('refuses every cancel and change while a change is being charged, and takes them again once it is let go', () => {
    const sub = Subscription.start(scope, { customerId: 'cus_1', paymentMethodId: 'pm_1', plan, testClockId: null }, start);
    sub.holdFor('subchg_1');
    const held = expect.objectContaining({ code: 'subscription_change_in_progress' });
    expect(() => sub.cancel(start)).toThrow(held);
    expect(() => sub.scheduleCancel('too_expensive')).toThrow(held);
    expect(() => sub.planChange({ quantity: 2 }, start)).toThrow(held);
    expect(sub).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, canceledAt: null, cancellationReason: null });
    sub.release('subchg_other');
    expect(() => sub.cancel(start)).toThrow(held);
    sub.release('subchg_1');
    sub.scheduleCancel('too_expensive');
    sub.cancel(start);
    expect(sub).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true, cancellationReason: 'too_expensive' });
  });

  const begin = (trialPeriodDays: number | null, discount = 0, months: number | null = null) =>
    Subscription.start(
      scope,
      {
        customerId: 'cus_1',
        paymentMethodId: 'pm_1',
        plan: { ...plan, trialPeriodDays },
        testClockId: null,
        planDiscounts: [{ amount: discount, months }],
      },
      start,
    );

  it('is in its trial until the first period is charged', () => {
    const sub = begin(14);
    expect(sub.inTrial()).toBe(true);
    sub.renewed(0, 0);
    expect(sub.inTrial()).toBe(false);
    expect(begin(null).inTrial()).toBe(false);
  });

  it('sends the trial notice from three days before its end, never before; a shorter trial gets it at once', () => {
    const sub = begin(14);
    expect(sub.nextStep(new Date('2026-02-11T09:59:59Z'))).toBeNull();
    expect(sub.nextStep(new Date('2026-02-11T10:00:00Z'))).toEqual({ kind: 'trial_will_end', at: new Date('2026-02-11T10:00:00Z') });
    const short = begin(2);
    expect(short.nextStep(start)).toEqual({ kind: 'trial_will_end', at: new Date('2026-01-30T10:00:00Z') });
    short.markTrialWillEndSent();
    expect(short.nextStep(start)).toBeNull();
    expect(short.nextStep(new Date('2026-02-02T10:00:00Z'))).toMatchObject({ kind: 'charge', period: 0 });
  });

  it('a step is still due only while it is the same step: kind, period and attempt', () => {
    const sub = begin(null);
    const due = sub.nextStep(sub.currentPeriodEnd)!;
    expect(sub.stillDue(due)).toBe(true);
    expect(sub.stillDue({ kind: 'charge', at: due.at, period: 2, attempt: 1 })).toBe(false);
    expect(sub.stillDue({ kind: 'charge', at: due.at, period: 1, attempt: 2 })).toBe(false);
    expect(sub.stillDue({ kind: 'end_at_period_end', at: due.at })).toBe(false);
    sub.renewed(1, 0);
    expect(sub.stillDue(due)).toBe(false);
    const ending = begin(null);
    ending.scheduleCancel();
    const end = ending.nextStep(ending.currentPeriodEnd)!;
    expect(end.kind).toBe('end_at_period_end');
    expect(ending.stillDue(end)).toBe(true);
    const trial = begin(14);
    const notice = trial.nextStep(new Date('2026-02-12T10:00:00Z'))!;
    expect(trial.stillDue(notice)).toBe(true);
    trial.markTrialWillEndSent();
    expect(trial.stillDue(notice)).toBe(false);
  });

  it('keeps a forever discount only when there is one', () => {
    expect(begin(null, 0).planDiscounts).toEqual([]);
    expect(begin(null, 1).planDiscounts).toEqual([{ amount: 1, until: null }]);
  });

  it('a repeating discount runs for its months of paid billing, counted from the trial end when there is one', () => {
    const sub = begin(null, 1_000, 3);
    const periods: number[] = [];
    for (let period = 1; period <= 4; period++) {
      periods.push(sub.renewalAmount());
      sub.renewed(period, 0);
    }
    // Charged Jan 31 (by the checkout), then Feb 28 and Mar 31 discounted; Apr 30 on is the full price.
    expect(periods).toEqual([3_900, 3_900, 4_900, 4_900]);
    const trial = begin(14, 1_000, 1);
    expect(trial.planDiscounts).toEqual([{ amount: 1_000, until: '2026-03-14T10:00:00.000Z' }]);
    expect(trial.renewalAmount()).toBe(3_900);
    trial.renewed(0, 0);
    expect(trial.renewalAmount()).toBe(4_900);
  });

  it('says which subscription is already canceled', () => {
    const sub = begin(null);
    sub.cancel(start);
    expect(() => sub.cancel(start)).toThrow(`Subscription '${sub.id}' is already canceled`);
    expect(() => sub.scheduleCancel()).toThrow(`Subscription '${sub.id}' is already canceled`);
    expect(new SubscriptionNotFound('sub_x').message).toBe("No such subscription: 'sub_x'");
  });
});
