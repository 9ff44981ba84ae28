import { Bill } from '../../../shared/domain/bill';
import type { DocumentLine } from '../../../shared/domain/document-line';
import { DomainError, NotFoundError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import { type Metadata, mergeMetadata } from '../../../shared/domain/metadata';
import type { Scope } from '../../../shared/domain/scope';
import type { Plan } from '../../../shared/domain/plan';
import type { CancellationReason } from '../../../shared/domain/portal-settings';
import { addIntervals, DAY_MS } from './billing-period';
import {
  type BillingCycleAnchor,
  type Billing,
  periodLines,
  prorationLines,
  type ProrationBehavior,
  sumOf,
  unusedCredit,
} from './proration';

export interface PlanDiscount {
  amount: number;
  until: string | null;
}

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'paused' | 'canceled';

/** What a merchant asks to change; what is left out stays as it is. */
export interface SubscriptionChangeRequest {
  /** The plan of a new price. */
  plan?: Plan;
  quantity?: number;
  paymentMethodId?: string;
  prorationBehavior?: ProrationBehavior;
  billingCycleAnchor?: BillingCycleAnchor;
  cancelAtPeriodEnd?: boolean;
  /** Pause collection (until `resumesAt`, or until resumed), or `null` to resume. */
  pauseCollection?: { resumesAt: Date | null } | null;
  metadata?: Metadata;
}

/**
 * A change decided against the subscription as it stood at `at`: what it will be, the lines the next
 * renewal adds, and the lines settled now (a positive sum is charged now, a negative one is the
 * customer's credit). Stored as it is while its charge is in flight, so it is applied as decided.
 */
export interface PlannedChange {
  at: Date;
  plan: Plan;
  quantity: number;
  paymentMethodId: string;
  cancelAtPeriodEnd: boolean;
  pause: { resumesAt: Date | null } | null;
  metadata: Metadata;
  /** A new period starts at `at` (the interval changed, or `billing_cycle_anchor: now`). */
  newPeriod: boolean;
  prorations: DocumentLine[];
  settledNow: DocumentLine[];
}

export const TRIAL_WILL_END_NOTICE_MS = 3 * DAY_MS;

export type DueStep =
  | { kind: 'trial_will_end'; at: Date }
  | { kind: 'end_at_period_end'; at: Date }
  /** A hard-declined renewal's wait for a new card is over: it ends unpaid. */
  | { kind: 'end_unpaid'; at: Date }
  | { kind: 'charge'; at: Date; period: number; attempt: number }
  /** A period begins while collection is paused: it is not charged. */
  | { kind: 'void_period'; at: Date; period: number }
  | { kind: 'resume'; at: Date };

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
  /** How many of the plan each period bills (1–10 000). */
  quantity!: number;
  status!: SubscriptionStatus;
  /** While `paused`: when collection resumes by itself, or null (when the merchant resumes it). */
  resumesAt!: Date | null;
  /** Lines the next renewal adds to the period's own: prorations of changes, credit taken from the balance. */
  prorations!: DocumentLine[];
  /** A change whose charge is in flight: until it is settled, no other change and no renewal. */
  pendingChangeId!: string | null;
  metadata!: Metadata;
  anchor!: Date;
  /** The paid period in force; -1 during a trial. */
  periodIndex!: number;
  currentPeriodStart!: Date;
  currentPeriodEnd!: Date;
  trialEnd!: Date | null;
  trialWillEndSent!: boolean;
  cancelAtPeriodEnd!: boolean;
  canceledAt!: Date | null;
  /** The reason the customer gave when canceling in the portal (now, or at the period's end). */
  cancellationReason!: CancellationReason | null;
  failedAttempts!: number;
  firstFailureAt!: Date | null;
  nextRetryAt!: Date | null;
  /** After a hard decline (no retry): when the subscription ends unless the customer gives a new card. */
  dunningEndsAt!: Date | null;
  /** Agorot off each period of the plan that starts before `until` (ISO), or every one (`until` null). */
  planDiscounts!: PlanDiscount[];
  testClockId!: string | null;
  createdAt!: Date;

  /** `id` when it was decided before (a checkout names the subscription its payment starts). */
  static start(
    scope: Scope,
    input: {
      id?: string;
      customerId: string;
      paymentMethodId: string;
      plan: Plan;
      testClockId: string | null;
      /** Plan discounts that outlast the first charge: forever (`months` null) or for the first months of billing. */
      planDiscounts?: { amount: number; months: number | null }[];
      metadata?: Metadata;
    },
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
    subscription.quantity = 1;
    subscription.trialEnd = input.plan.trialPeriodDays ? new Date(now.getTime() + input.plan.trialPeriodDays * DAY_MS) : null;
    subscription.status = subscription.trialEnd ? 'trialing' : 'active';
    subscription.resumesAt = null;
    subscription.prorations = [];
    subscription.pendingChangeId = null;
    subscription.metadata = input.metadata ?? {};
    subscription.trialWillEndSent = false;
    subscription.anchor = subscription.trialEnd ?? now;
    subscription.periodIndex = subscription.trialEnd ? -1 : 0;
    subscription.currentPeriodStart = now;
    subscription.currentPeriodEnd = subscription.trialEnd ?? addIntervals(now, input.plan.interval, 1);
    subscription.cancelAtPeriodEnd = false;
    subscription.canceledAt = null;
    subscription.cancellationReason = null;
    subscription.failedAttempts = 0;
    subscription.firstFailureAt = null;
    subscription.nextRetryAt = null;
    subscription.dunningEndsAt = null;
    subscription.planDiscounts = (input.planDiscounts ?? [])
      .filter(({ amount }) => amount > 0)
      .map(({ amount, months }) => ({
        amount,
        until: months === null ? null : addIntervals(subscription.anchor, 'month', months).toISOString(),
      }));
    subscription.testClockId = input.testClockId;
    subscription.createdAt = now;
    return subscription;
  }

  inTrial(): boolean {
    return this.periodIndex === -1;
  }

  /** What the period starting at `periodStart` bills: the plan, the quantity and the discounts still running then. */
  billing(periodStart = this.currentPeriodStart): Billing {
    const discount = this.planDiscounts
      .filter(({ until }) => until === null || periodStart < new Date(until))
      .reduce((sum, { amount }) => sum + amount, 0);
    return { plan: this.plan, quantity: this.quantity, discount };
  }

  /**
   * What the next renewal charges, line by line: the period (plan × quantity, less the discounts running
   * when it starts) and the
   * prorations and credit carried to it. A credit larger than the period leaves the charge at zero.
   */
  renewalLines(): DocumentLine[] {
    return [...periodLines(this.billing(this.currentPeriodEnd)), ...this.prorations];
  }

  /** The next renewal's bill: its lines, which may sum below zero when a credit outweighs the period. */
  renewalBill(): Bill {
    return Bill.of(this.renewalLines());
  }

  /** What the next renewal charges: its bill's total, or nothing when a credit outweighs the period. */
  renewalAmount(): number {
    return Math.max(0, this.renewalBill().total);
  }

  /** The next thing due at or before `now`, in time order, or null. */
  nextStep(now: Date): DueStep | null {
    if (this.status === 'canceled' || this.pendingChangeId) return null;
    if (this.trialEnd && !this.trialWillEndSent && this.inTrial()) {
      const notice = new Date(this.trialEnd.getTime() - TRIAL_WILL_END_NOTICE_MS);
      if (notice <= now) return { kind: 'trial_will_end', at: notice };
    }
    if (this.status === 'paused') {
      if (this.resumesAt && this.resumesAt <= now && this.resumesAt <= this.currentPeriodEnd) return { kind: 'resume', at: this.resumesAt };
      if (this.currentPeriodEnd > now) return null;
      if (this.cancelAtPeriodEnd) return { kind: 'end_at_period_end', at: this.currentPeriodEnd };
      return { kind: 'void_period', at: this.currentPeriodEnd, period: this.periodIndex + 1 };
    }
    if (this.status === 'past_due') {
      if (this.nextRetryAt)
        return this.nextRetryAt <= now
          ? { kind: 'charge', at: this.nextRetryAt, period: this.periodIndex + 1, attempt: this.failedAttempts + 1 }
          : null;
      return this.dunningEndsAt && this.dunningEndsAt <= now ? { kind: 'end_unpaid', at: this.dunningEndsAt } : null;
    }
    if (this.currentPeriodEnd > now) return null;
    if (this.cancelAtPeriodEnd) return { kind: 'end_at_period_end', at: this.currentPeriodEnd };
    return { kind: 'charge', at: this.currentPeriodEnd, period: this.periodIndex + 1, attempt: 1 };
  }

  /** Whether `step` is still what is due: false once another worker recorded it. */
  stillDue(step: DueStep): boolean {
    const current = this.nextStep(step.at);
    if (!current || current.kind !== step.kind) return false;
    if (current.kind === 'void_period' && step.kind === 'void_period') return current.period === step.period;
    return current.kind !== 'charge' || step.kind !== 'charge' || (current.period === step.period && current.attempt === step.attempt);
  }

  markTrialWillEndSent(): void {
    this.trialWillEndSent = true;
  }

  /**
   * Period `period` was paid: it becomes the current one. `carried` is how many of the prorations the
   * charge included (a change may have added more since, for the next renewal).
   */
  renewed(period: number, carried: number): void {
    this.enterPeriod(period);
    this.prorations = this.prorations.slice(carried);
    this.status = 'active';
    this.failedAttempts = 0;
    this.firstFailureAt = null;
    this.nextRetryAt = null;
    this.dunningEndsAt = null;
  }

  /** Period `period` began while collection was paused: it is the current one, not charged. */
  periodVoided(period: number): void {
    this.enterPeriod(period);
  }

  private enterPeriod(period: number): void {
    this.periodIndex = period;
    this.currentPeriodStart = addIntervals(this.anchor, this.plan.interval, period);
    this.currentPeriodEnd = addIntervals(this.anchor, this.plan.interval, period + 1);
  }

  /**
   * The change `request` asks, decided at `at` (DESIGN §3d): a new price or quantity is prorated over
   * what is left of the period (`create_prorations` onto the next renewal, `always_invoice` settled now,
   * `none` from the next renewal on); a new interval or `billing_cycle_anchor: now` starts a new period
   * now, charged less the unused time's credit; during a trial nothing is prorated.
   */
  planChange(request: SubscriptionChangeRequest, at: Date): PlannedChange {
    if (this.status === 'canceled') throw new DomainError('subscription_canceled', `Subscription '${this.id}' is canceled`);
    this.refuseWhileHeld();
    if (request.pauseCollection && this.status === 'past_due')
      throw new DomainError(
        'subscription_past_due',
        'A past-due subscription cannot be paused: its open period is still owed',
        'pause_collection',
      );
    const to: Billing = { ...this.billing(), plan: request.plan ?? this.plan, quantity: request.quantity ?? this.quantity };
    const behavior = request.prorationBehavior ?? 'create_prorations';
    const period = { start: this.currentPeriodStart, end: this.currentPeriodEnd };
    const newPeriod = request.billingCycleAnchor === 'now' || (!this.inTrial() && to.plan.interval !== this.plan.interval);
    const billingChanged = to.plan.price !== this.plan.price || to.quantity !== this.quantity;
    let prorations: DocumentLine[] = [];
    let settledNow: DocumentLine[] = [];
    if (newPeriod) {
      settledNow = [...periodLines(to)];
      if (!this.inTrial() && behavior !== 'none') settledNow.push(unusedCredit(this.billing(), period, at));
    } else if (billingChanged && !this.inTrial() && behavior !== 'none') {
      const { credit, debit } = prorationLines(this.billing(), to, period, at);
      // Nothing left of the period (its last millisecond, or already past its end): nothing to prorate.
      const lines = credit.amount === 0 && debit.amount === 0 ? [] : [credit, debit];
      if (behavior === 'always_invoice') settledNow = lines;
      else prorations = lines;
    }
    return {
      at,
      plan: to.plan,
      quantity: to.quantity,
      paymentMethodId: request.paymentMethodId ?? this.paymentMethodId,
      cancelAtPeriodEnd: request.cancelAtPeriodEnd ?? this.cancelAtPeriodEnd,
      pause: this.pauseAfter(request),
      metadata: mergeMetadata(this.metadata, request.metadata),
      newPeriod,
      prorations,
      settledNow,
    };
  }

  /** Whether collection is paused after `request`, and until when: as asked, else as it is now. */
  private pauseAfter(request: SubscriptionChangeRequest): PlannedChange['pause'] {
    if (request.pauseCollection !== undefined) return request.pauseCollection;
    return this.status === 'paused' ? { resumesAt: this.resumesAt } : null;
  }

  /** `change` as it was decided (its charge, if any, paid). */
  applyChange(change: PlannedChange): void {
    this.plan = change.plan;
    this.priceId = change.plan.price;
    this.quantity = change.quantity;
    this.paymentMethodId = change.paymentMethodId;
    this.cancelAtPeriodEnd = change.cancelAtPeriodEnd;
    if (!this.cancelAtPeriodEnd) this.cancellationReason = null;
    this.metadata = change.metadata;
    this.prorations = [...this.prorations, ...change.prorations];
    if (change.newPeriod) {
      this.anchor = change.at;
      this.trialEnd = this.inTrial() ? change.at : this.trialEnd;
      this.enterPeriod(0);
      this.status = 'active';
      this.failedAttempts = 0;
      this.firstFailureAt = null;
      this.nextRetryAt = null;
      this.dunningEndsAt = null;
    }
    if (change.pause) {
      this.status = 'paused';
      this.resumesAt = change.pause.resumesAt;
    } else if (this.status === 'paused') {
      this.resume();
    }
  }

  /**
   * When the next renewal is charged: the period's end (a retry's time while past due, the first period
   * after it resumes while paused), or null when none is coming.
   */
  nextChargeAt(): Date | null {
    if (this.status === 'canceled' || this.cancelAtPeriodEnd) return null;
    if (this.status === 'past_due') return this.nextRetryAt;
    if (this.status !== 'paused') return this.currentPeriodEnd;
    if (!this.resumesAt) return null;
    let period = this.periodIndex + 1;
    while (addIntervals(this.anchor, this.plan.interval, period) < this.resumesAt) period++;
    return addIntervals(this.anchor, this.plan.interval, period);
  }

  /** A copy to try a change on. */
  copy(): Subscription {
    return Object.assign(new Subscription(), this);
  }

  /** Collection resumes: renewals are charged again from the next one. */
  resume(): void {
    this.status = this.inTrial() ? 'trialing' : 'active';
    this.resumesAt = null;
  }

  /** A change whose charge is about to be asked: nothing else changes it until it is settled. */
  holdFor(changeId: string): void {
    this.pendingChangeId = changeId;
  }

  /** The change's charge was declined: the subscription stays as it was. */
  release(changeId: string): void {
    if (this.pendingChangeId === changeId) this.pendingChangeId = null;
  }

  /**
   * On cancellation: the credit the prorations carried (a downgrade's, the balance's) that no renewal
   * will use now, taken off the subscription to go back to the customer's balance; debits are forgiven.
   */
  takeUnusedCredit(): number {
    const credit = Math.max(0, -sumOf(this.prorations));
    this.prorations = [];
    return credit;
  }

  /** Credit taken from the customer's balance, for the next renewal to use first. */
  carryCredit(line: DocumentLine): void {
    this.prorations = [...this.prorations, line];
  }

  /**
   * Its card just changed: a past-due subscription's open period is retried at `at` rather than on the
   * schedule; false when it is not past due (or a change of it is being charged).
   */
  retryAt(at: Date): boolean {
    if (this.status !== 'past_due' || this.pendingChangeId) return false;
    if (!this.nextRetryAt || this.nextRetryAt > at) this.nextRetryAt = at;
    return true;
  }

  /**
   * A renewal was declined at `at`: past due, or canceled after the last retry. `retryDays` (the
   * account's schedule) counts from the first decline. A soft decline is retried on the schedule's next
   * day; a hard one is not retried, and the subscription waits for a new card until the schedule's last day.
   */
  renewalFailed(at: Date, decline: 'soft' | 'hard', retryDays: readonly number[]): 'past_due' | 'retrying' | 'canceled' {
    this.failedAttempts += 1;
    if (this.failedAttempts === 1) this.firstFailureAt = at;
    const retryDay = retryDays[this.failedAttempts - 1];
    if (retryDay === undefined) {
      this.cancel(at);
      return 'canceled';
    }
    const wasActive = this.status !== 'past_due';
    const after = (days: number) => new Date(this.firstFailureAt!.getTime() + days * DAY_MS);
    this.status = 'past_due';
    this.nextRetryAt = decline === 'soft' ? after(retryDay) : null;
    this.dunningEndsAt = decline === 'soft' ? null : after(retryDays[retryDays.length - 1]);
    return wasActive ? 'past_due' : 'retrying';
  }

  /**
   * Canceled now. Refused while a change's charge is in flight: that change was decided against the
   * subscription as it stood, and settling it after a cancel would charge a canceled subscription or
   * make it active again.
   */
  cancel(at: Date, reason?: CancellationReason): void {
    if (this.status === 'canceled') throw new DomainError('subscription_canceled', `Subscription '${this.id}' is already canceled`);
    this.refuseWhileHeld();
    this.status = 'canceled';
    this.canceledAt = at;
    if (reason) this.cancellationReason = reason;
    this.nextRetryAt = null;
    this.dunningEndsAt = null;
  }

  /** Canceled at the period's end; refused while a change's charge is in flight, as `cancel` is. */
  scheduleCancel(reason?: CancellationReason): void {
    if (this.status === 'canceled') throw new DomainError('subscription_canceled', `Subscription '${this.id}' is already canceled`);
    this.refuseWhileHeld();
    this.cancelAtPeriodEnd = true;
    if (reason) this.cancellationReason = reason;
  }

  /** Held for a change being charged (`holdFor`): nothing else changes it until that change settles. */
  private refuseWhileHeld(): void {
    if (this.pendingChangeId)
      throw new DomainError(
        'subscription_change_in_progress',
        `A change of subscription '${this.id}' is being charged: try again once it settles, in a few seconds`,
      );
  }
}

export class SubscriptionNotFound extends NotFoundError {
  constructor(id: string) {
    super('subscription', id);
  }
}
