import { DomainError, NotFoundError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import type { Plan } from '../../../shared/domain/plan';
import { addIntervals, DAY_MS } from './billing-period';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

/** Retries after a declined renewal, in days after the first decline; the last failure cancels. */
export const RETRY_DAYS = [1, 3, 5];
export const TRIAL_WILL_END_NOTICE_MS = 3 * DAY_MS;

export type DueStep =
  | { kind: 'trial_will_end'; at: Date }
  | { kind: 'end_at_period_end'; at: Date }
  | { kind: 'charge'; at: Date; period: number; attempt: number };

/**
 * A customer's recurring plan. Paid periods are counted from the anchor (the start, or the end of the
 * trial) in calendar months or years, so period n is always [anchor + n, anchor + n + 1) intervals.
 */
export class Subscription {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  customerId!: string;
  priceId!: string;
  paymentMethodId!: string;
  plan!: Plan;
  status!: SubscriptionStatus;
  anchor!: Date;
  /** The paid period in force; -1 during a trial. */
  periodIndex!: number;
  currentPeriodStart!: Date;
  currentPeriodEnd!: Date;
  trialEnd!: Date | null;
  trialWillEndSent!: boolean;
  cancelAtPeriodEnd!: boolean;
  canceledAt!: Date | null;
  failedAttempts!: number;
  firstFailureAt!: Date | null;
  nextRetryAt!: Date | null;
  /** Agorot off every renewal (a `forever` plan discount), or null. */
  planDiscount!: { amount: number } | null;
  testClockId!: string | null;
  createdAt!: Date;

  /** `id` when it was decided before (a checkout names the subscription its payment starts). */
  static start(
    scope: Scope,
    input: { id?: string; customerId: string; paymentMethodId: string; plan: Plan; testClockId: string | null; renewalDiscount: number },
    now: Date,
  ): Subscription {
    const subscription = new Subscription();
    subscription.id = input.id ?? newId('sub');
    subscription.accountId = scope.accountId;
    subscription.livemode = scope.livemode;
    subscription.customerId = input.customerId;
    subscription.priceId = input.plan.price;
    subscription.paymentMethodId = input.paymentMethodId;
    subscription.plan = input.plan;
    subscription.status = 'active';
    subscription.trialEnd = input.plan.trialPeriodDays ? new Date(now.getTime() + input.plan.trialPeriodDays * DAY_MS) : null;
    subscription.trialWillEndSent = false;
    subscription.anchor = subscription.trialEnd ?? now;
    subscription.periodIndex = subscription.trialEnd ? -1 : 0;
    subscription.currentPeriodStart = now;
    subscription.currentPeriodEnd = subscription.trialEnd ?? addIntervals(now, input.plan.interval, 1);
    subscription.cancelAtPeriodEnd = false;
    subscription.canceledAt = null;
    subscription.failedAttempts = 0;
    subscription.firstFailureAt = null;
    subscription.nextRetryAt = null;
    subscription.planDiscount = input.renewalDiscount > 0 ? { amount: input.renewalDiscount } : null;
    subscription.testClockId = input.testClockId;
    subscription.createdAt = now;
    return subscription;
  }

  inTrial(): boolean {
    return this.periodIndex === -1;
  }

  /** What a renewal charges: the plan less a `forever` discount. */
  renewalAmount(): number {
    return Math.max(0, this.plan.unitAmount - (this.planDiscount?.amount ?? 0));
  }

  /** The next thing due at or before `now`, in time order, or null. */
  nextStep(now: Date): DueStep | null {
    if (this.status === 'canceled') return null;
    if (this.trialEnd && !this.trialWillEndSent && this.inTrial()) {
      const notice = new Date(this.trialEnd.getTime() - TRIAL_WILL_END_NOTICE_MS);
      if (notice <= now) return { kind: 'trial_will_end', at: notice };
    }
    if (this.status === 'past_due') {
      return this.nextRetryAt && this.nextRetryAt <= now
        ? { kind: 'charge', at: this.nextRetryAt, period: this.periodIndex + 1, attempt: this.failedAttempts + 1 }
        : null;
    }
    if (this.currentPeriodEnd > now) return null;
    if (this.cancelAtPeriodEnd) return { kind: 'end_at_period_end', at: this.currentPeriodEnd };
    return { kind: 'charge', at: this.currentPeriodEnd, period: this.periodIndex + 1, attempt: 1 };
  }

  /** Whether `step` is still what is due: false once another worker recorded it. */
  stillDue(step: DueStep): boolean {
    const current = this.nextStep(step.at);
    if (!current || current.kind !== step.kind) return false;
    return current.kind !== 'charge' || step.kind !== 'charge' || (current.period === step.period && current.attempt === step.attempt);
  }

  markTrialWillEndSent(): void {
    this.trialWillEndSent = true;
  }

  /** Period `period` was paid: it becomes the current one. */
  renewed(period: number): void {
    this.periodIndex = period;
    this.currentPeriodStart = addIntervals(this.anchor, this.plan.interval, period);
    this.currentPeriodEnd = addIntervals(this.anchor, this.plan.interval, period + 1);
    this.status = 'active';
    this.failedAttempts = 0;
    this.firstFailureAt = null;
    this.nextRetryAt = null;
  }

  /** A renewal was declined at `at`: past due with a retry scheduled, or canceled after the last retry. */
  renewalFailed(at: Date): 'past_due' | 'retrying' | 'canceled' {
    this.failedAttempts += 1;
    if (this.failedAttempts === 1) this.firstFailureAt = at;
    const retryDay = RETRY_DAYS[this.failedAttempts - 1];
    if (retryDay === undefined) {
      this.cancel(at);
      return 'canceled';
    }
    const wasActive = this.status === 'active';
    this.status = 'past_due';
    this.nextRetryAt = new Date(this.firstFailureAt!.getTime() + retryDay * DAY_MS);
    return wasActive ? 'past_due' : 'retrying';
  }

  cancel(at: Date): void {
    if (this.status === 'canceled') throw new DomainError('subscription_canceled', `Subscription '${this.id}' is already canceled`);
    this.status = 'canceled';
    this.canceledAt = at;
    this.nextRetryAt = null;
  }

  scheduleCancel(): void {
    if (this.status === 'canceled') throw new DomainError('subscription_canceled', `Subscription '${this.id}' is already canceled`);
    this.cancelAtPeriodEnd = true;
  }
}

export class SubscriptionNotFound extends NotFoundError {
  constructor(id: string) {
    super('subscription', id);
  }
}
