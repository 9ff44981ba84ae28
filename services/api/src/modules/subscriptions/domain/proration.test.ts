import { describe, expect, it } from 'vitest';
import { DAY_MS } from './billing-period';
import { share } from './proration';
import { Subscription } from './subscription';

const scope = { accountId: 'acct_1', livemode: false };
const plan = (price: string, unitAmount: number, interval: 'month' | 'year' = 'month', trialPeriodDays: number | null = null) => ({
  price,
  product: 'prod_1',
  name: price,
  unitAmount,
  currency: 'ils' as const,
  interval,
  trialPeriodDays,
});
const basic = plan('basic', 4_900);
const pro = plan('pro', 9_900);
// A 30-day period: Apr 1 → May 1.
const start = new Date('2026-04-01T00:00:00Z');
const end = new Date('2026-05-01T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

function subscription(on = basic, discount = 0): Subscription {
  return Subscription.start(
    scope,
    { customerId: 'cus_1', paymentMethodId: 'pm_1', plan: on, testClockId: null, planDiscounts: [{ amount: discount, months: null }] },
    start,
  );
}

const amounts = (lines: { amount: number }[]) => lines.map((line) => line.amount);

describe('share: amount × part ÷ whole, half up to the agora', () => {
  it('rounds half up, and just below half down', () => {
    expect(share(1, 1, 2)).toBe(1); // 0.5 → 1
    expect(share(3, 1, 2)).toBe(2); // 1.5 → 2
    expect(share(1, 499_999, 1_000_000)).toBe(0); // 0.499999 → 0
    expect(share(1, 500_000, 1_000_000)).toBe(1); // 0.5 → 1
  });

  it('is exact where a float is not: 100 000 000 agorot over a 31-day month at one millisecond', () => {
    const month = 31 * DAY_MS;
    expect(share(100_000_000, 1, month)).toBe(0);
    expect(share(100_000_000, month - 1, month)).toBe(100_000_000);
    expect(share(4_900 * 10_000, month / 2, month)).toBe(24_500_000);
  });

  it('clamps the part to the whole: nothing left after the end, all of it before the start', () => {
    expect(share(4_900, -5, 10)).toBe(0);
    expect(share(4_900, 15, 10)).toBe(4_900);
  });
});

describe('Subscription.planChange: DESIGN §3d arithmetic', () => {
  it('upgrades at a third of the period: credit and debit of the two-thirds left, each rounded half up', () => {
    const sub = subscription();
    const change = sub.planChange({ plan: pro, prorationBehavior: 'always_invoice' }, at(10 * DAY_MS));
    // 20/30 left: 4900 × 2/3 = 3266.67 → 3267; 9900 × 2/3 = 6600.
    expect(amounts(change.settledNow)).toEqual([-3_267, 6_600]);
    expect(change.settledNow[0].description).toContain('Unused time on basic');
    expect(change.settledNow[1].description).toContain('Remaining time on pro');
    expect(change.prorations).toEqual([]);
    expect(change.newPeriod).toBe(false);
  });

  it('rounds each line on its own side of the half: 4 900 × 1/4 days = 1 225 exactly, × 1/3 = 1 633.33 → 1 633', () => {
    const sub = subscription();
    expect(amounts(sub.planChange({ plan: pro, prorationBehavior: 'always_invoice' }, at(22.5 * DAY_MS)).settledNow)).toEqual([
      -1_225, 2_475,
    ]);
    expect(amounts(sub.planChange({ plan: pro, prorationBehavior: 'always_invoice' }, at(20 * DAY_MS)).settledNow)).toEqual([
      -1_633, 3_300,
    ]);
  });

  it('downgrades to a negative net: the credit is larger than the debit', () => {
    const sub = subscription(pro);
    const change = sub.planChange({ plan: basic, prorationBehavior: 'always_invoice' }, at(15 * DAY_MS));
    expect(amounts(change.settledNow)).toEqual([-4_950, 2_450]);
  });

  it('quantity up and down prorate unit × quantity', () => {
    const sub = subscription();
    expect(amounts(sub.planChange({ quantity: 3 }, at(15 * DAY_MS)).prorations)).toEqual([-2_450, 7_350]);
    sub.applyChange(sub.planChange({ quantity: 3, prorationBehavior: 'none' }, at(0)));
    expect(amounts(sub.planChange({ quantity: 2 }, at(15 * DAY_MS)).prorations)).toEqual([-7_350, 4_900]);
  });

  it('create_prorations carries the lines to the next renewal, which charges them with the new period', () => {
    const sub = subscription();
    sub.applyChange(sub.planChange({ plan: pro }, at(10 * DAY_MS)));
    expect(sub.priceId).toBe('pro');
    expect(amounts(sub.renewalLines())).toEqual([9_900, -3_267, 6_600]);
    expect(sub.renewalAmount()).toBe(13_233);
    sub.renewed(1, 2);
    expect(sub.renewalAmount()).toBe(9_900);
  });

  it('a renewal drops only the prorations it charged: a change made while it was in flight stays for the next', () => {
    const sub = subscription();
    sub.applyChange(sub.planChange({ quantity: 2 }, at(10 * DAY_MS)));
    const carried = sub.prorations.length;
    sub.applyChange(sub.planChange({ quantity: 3 }, at(20 * DAY_MS)));
    sub.renewed(1, carried);
    expect(sub.prorations).toHaveLength(2);
  });

  it('none: the new price from the next renewal on, no lines', () => {
    const sub = subscription();
    const change = sub.planChange({ plan: pro, prorationBehavior: 'none' }, at(10 * DAY_MS));
    expect([change.settledNow, change.prorations]).toEqual([[], []]);
    sub.applyChange(change);
    expect(sub.renewalAmount()).toBe(9_900);
  });

  it('a change of interval starts a new period now, charged less the unused credit', () => {
    const sub = subscription();
    const yearly = plan('yearly', 49_000, 'year');
    const change = sub.planChange({ plan: yearly }, at(10 * DAY_MS));
    expect(change.newPeriod).toBe(true);
    expect(amounts(change.settledNow)).toEqual([49_000, -3_267]);
    sub.applyChange(change);
    expect([sub.currentPeriodStart, sub.currentPeriodEnd, sub.periodIndex]).toEqual([at(10 * DAY_MS), new Date('2027-04-11T00:00:00Z'), 0]);
  });

  it('billing_cycle_anchor now restarts the period on the same plan; with none, no credit', () => {
    const sub = subscription();
    expect(amounts(sub.planChange({ billingCycleAnchor: 'now' }, at(10 * DAY_MS)).settledNow)).toEqual([4_900, -3_267]);
    expect(amounts(sub.planChange({ billingCycleAnchor: 'now', prorationBehavior: 'none' }, at(10 * DAY_MS)).settledNow)).toEqual([4_900]);
  });

  it('during a trial nothing is prorated: the new plan bills from the trial end', () => {
    const sub = subscription(plan('basic', 4_900, 'month', 14));
    expect(sub.status).toBe('trialing');
    const change = sub.planChange({ plan: pro, prorationBehavior: 'always_invoice' }, at(3 * DAY_MS));
    expect([change.settledNow, change.prorations, change.newPeriod]).toEqual([[], [], false]);
    sub.applyChange(change);
    expect([sub.status, sub.currentPeriodEnd, sub.renewalAmount()]).toEqual(['trialing', sub.trialEnd, 9_900]);
  });

  it('on the last second of a period: a few agorot; on its last millisecond, or after its end, nothing', () => {
    const sub = subscription();
    // 10 000 × ₪49 and × ₪99 over 1 s of a 30-day period (2 592 000 000 ms): 18.90 → 19 and 38.19 → 38.
    sub.applyChange(sub.planChange({ quantity: 10_000, prorationBehavior: 'none' }, start));
    expect(amounts(sub.planChange({ plan: pro }, new Date(end.getTime() - 1_000)).prorations)).toEqual([-19, 38]);
    expect(sub.planChange({ plan: pro }, new Date(end.getTime() - 1)).prorations).toEqual([]);
    expect(sub.planChange({ plan: pro, prorationBehavior: 'always_invoice' }, end).settledNow).toEqual([]);
  });

  it('a forever discount is part of the period amount that is prorated', () => {
    const sub = subscription(basic, 900);
    expect(amounts(sub.planChange({ plan: pro }, at(15 * DAY_MS)).prorations)).toEqual([-2_000, 4_500]);
  });

  it('pauses and resumes; a past-due subscription cannot pause; a canceled one changes no more', () => {
    const sub = subscription();
    sub.applyChange(sub.planChange({ pauseCollection: { resumesAt: null } }, at(DAY_MS)));
    expect(sub.status).toBe('paused');
    expect(sub.nextStep(end)).toEqual({ kind: 'void_period', at: end, period: 1 });
    sub.periodVoided(1);
    expect(sub.nextChargeAt()).toBeNull();
    sub.applyChange(sub.planChange({ pauseCollection: null }, at(40 * DAY_MS)));
    expect([sub.status, sub.nextChargeAt()]).toEqual(['active', new Date('2026-06-01T00:00:00Z')]);
    const late = subscription();
    late.renewalFailed(end, 'soft', [1, 3, 5]);
    expect(() => late.planChange({ pauseCollection: { resumesAt: null } }, end)).toThrow(
      expect.objectContaining({ code: 'subscription_past_due' }),
    );
    late.cancel(end);
    expect(() => late.planChange({ quantity: 2 }, end)).toThrow(expect.objectContaining({ code: 'subscription_canceled' }));
  });

  it('resumes by itself at resumes_at; periods before it pass uncharged, the first after it is charged', () => {
    const sub = subscription();
    sub.applyChange(sub.planChange({ pauseCollection: { resumesAt: new Date('2026-05-15T00:00:00Z') } }, at(DAY_MS)));
    expect(sub.nextChargeAt()).toEqual(new Date('2026-06-01T00:00:00Z'));
    expect(sub.nextStep(new Date('2026-05-20T00:00:00Z'))).toEqual({ kind: 'void_period', at: end, period: 1 });
    sub.periodVoided(1);
    expect(sub.nextStep(new Date('2026-05-20T00:00:00Z'))).toEqual({ kind: 'resume', at: new Date('2026-05-15T00:00:00Z') });
    sub.resume();
    expect(sub.nextStep(new Date('2026-06-01T00:00:00Z'))).toMatchObject({ kind: 'charge', period: 2 });
  });

  it('holds for a change being charged: no second change, no renewal, until it is settled or let go', () => {
    const sub = subscription();
    sub.holdFor('subchg_1');
    expect(() => sub.planChange({ quantity: 2 }, at(DAY_MS))).toThrow(expect.objectContaining({ code: 'subscription_change_in_progress' }));
    expect(sub.nextStep(end)).toBeNull();
    sub.release('subchg_1');
    expect(sub.nextStep(end)).toMatchObject({ kind: 'charge' });
  });

  it('merges metadata, keeping to the limits', () => {
    const sub = subscription();
    sub.applyChange(sub.planChange({ metadata: { order: '7731', crm: 'x' } }, at(0)));
    sub.applyChange(sub.planChange({ metadata: { crm: '' } }, at(0)));
    expect(sub.metadata).toEqual({ order: '7731' });
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect(() => sub.planChange({ metadata: tooMany }, at(0))).toThrow(expect.objectContaining({ code: 'parameter_invalid' }));
  });

  it('a pause during a trial: the trial end passes uncharged, and resuming makes it active, charged at the next period', () => {
    const sub = subscription(plan('basic', 4_900, 'month', 14));
    sub.applyChange(sub.planChange({ pauseCollection: { resumesAt: null } }, at(DAY_MS)));
    expect(sub.status).toBe('paused');
    expect(sub.nextStep(at(11 * DAY_MS))).toMatchObject({ kind: 'trial_will_end' });
    sub.markTrialWillEndSent();
    expect(sub.nextStep(sub.trialEnd!)).toEqual({ kind: 'void_period', at: sub.trialEnd, period: 0 });
    sub.periodVoided(0);
    sub.resume();
    expect([sub.status, sub.nextStep(new Date('2026-05-15T00:00:00Z'))]).toEqual([
      'active',
      expect.objectContaining({ kind: 'charge', period: 1 }),
    ]);
  });

  it('gives back on cancellation the credit its prorations carried, and forgives their debits', () => {
    const down = subscription(pro);
    down.applyChange(down.planChange({ plan: basic }, at(15 * DAY_MS)));
    expect(down.takeUnusedCredit()).toBe(4_950 - 2_450);
    expect(down.prorations).toEqual([]);
    const up = subscription();
    up.applyChange(up.planChange({ plan: pro }, at(15 * DAY_MS)));
    expect(up.takeUnusedCredit()).toBe(0);
  });
});
