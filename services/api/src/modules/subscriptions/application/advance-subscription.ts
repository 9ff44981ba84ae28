import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { GetAccount } from '../../accounts';
import { CustomerBalance } from '../../customers';
import { ChargeSavedCard, RecordSavedCardCharge, type SavedCardAnswer, type SavedCardCharge } from '../../payments';
import type { DueStep, Subscription } from '../domain/subscription';
import { creditLine } from '../domain/subscription-change';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

type ChargeStep = Extract<DueStep, { kind: 'charge' }>;

/** A due charge the processor has answered (or, for a period the credit pays in full, null), to record. */
interface Renewal {
  subscriptionId: string;
  step: ChargeStep;
  request: SavedCardCharge;
  /** How many of the subscription's prorations the charge includes. */
  carried: number;
  answer: SavedCardAnswer | null;
}

/**
 * Runs, in time order, everything due on a subscription by `now`: the trial-ending notice, renewals
 * (one charge per period, catching up missed ones), retries of declined renewals, and the end of a
 * period set to cancel. A renewal is a money flow: the processor is called outside any transaction,
 * then one transaction, under the subscription's row lock, records the charge and moves the
 * subscription on. A step another worker already recorded is left alone, and its charge not recorded.
 */
@injectable()
export class AdvanceSubscription {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(ChargeSavedCard) private readonly chargeSavedCard: ChargeSavedCard,
    @inject(RecordSavedCardCharge) private readonly recordCharge: RecordSavedCardCharge,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(CustomerBalance) private readonly balance: CustomerBalance,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** What is due on one subscription at `now`, step by step: the steps taken. */
  execute(subscriptionId: string, now: Date): Promise<number> {
    return this.executeMany([subscriptionId], now);
  }

  /**
   * Several subscriptions at once (a share of the renewal run): each one's due charge asked of the
   * processor in turn, then every answer recorded in one transaction under the subscriptions' row locks
   * (`skip locked`: one another worker holds is its to record); whatever else is due on each (notices,
   * missed periods) follows one by one. When that transaction fails, each is recorded in its own, so one
   * that cannot be recorded holds back no other; the first failure is thrown after.
   */
  async executeMany(subscriptionIds: string[], now: Date): Promise<number> {
    const subscriptions = await this.withCreditTaken(await this.subscriptions.findManyUnscoped(subscriptionIds), now);
    const due = subscriptions.flatMap((subscription) => {
      const step = subscription.nextStep(now);
      return step?.kind === 'charge' ? [renewalOf(subscription, step)] : [];
    });
    const renewals: Renewal[] = due.filter((renewal) => renewal.request.bill.total <= 0).map((renewal) => ({ ...renewal, answer: null }));
    const toCharge = due.filter((renewal) => renewal.request.bill.total > 0);
    const failures = new Map<string, unknown>();
    const charged = await this.chargeSavedCard.executeMany(toCharge.map((renewal) => renewal.request));
    toCharge.forEach((renewal, i) => {
      const result = charged[i];
      if ('answer' in result) renewals.push({ ...renewal, answer: result.answer });
      else failures.set(renewal.subscriptionId, result.error); // still due: the next run asks again
    });
    const recorded = await this.recordAll(renewals, failures);
    let steps = 0;
    for (const subscription of subscriptions) {
      if (failures.has(subscription.id)) continue;
      if (!recorded.has(subscription.id)) {
        steps += await this.advanceFrom(subscription, now);
      } else if (recorded.get(subscription.id)) {
        steps += 1 + (await this.advanceFrom(recorded.get(subscription.id)!, now));
      }
    }
    if (failures.size > 0) throw failures.values().next().value;
    return steps;
  }

  /** Each step returns the subscription as it committed it, to find the next step on. */
  private async advanceFrom(start: Subscription | null, now: Date): Promise<number> {
    let steps = 0;
    let subscription = start;
    for (;;) {
      const step = subscription?.nextStep(now);
      if (!subscription || !step) return steps;
      subscription = step.kind === 'charge' ? await this.renew(subscription, step, now) : await this.notice(subscription.id, step);
      if (!subscription) return steps;
      steps++;
    }
  }

  private notice(subscriptionId: string, step: DueStep): Promise<Subscription | null> {
    return this.uow.run(async () => {
      const subscription = await this.subscriptions.lock(subscriptionId);
      if (!subscription?.stillDue(step)) return null;
      if (step.kind === 'trial_will_end') {
        subscription.markTrialWillEndSent();
        await this.effects.event(subscription, 'subscription.trial_will_end');
      } else if (step.kind === 'void_period') {
        await this.effects.changed(subscription, () => subscription.periodVoided(step.period));
      } else if (step.kind === 'resume') {
        await this.effects.changed(subscription, () => subscription.resume());
      } else {
        subscription.cancel(step.at);
        await this.effects.canceled(subscription);
      }
      await this.subscriptions.save(subscription);
      return subscription;
    });
  }

  private async renew(subscription: Subscription, step: ChargeStep, now: Date): Promise<Subscription | null> {
    const [taken] = await this.withCreditTaken([subscription], now);
    const renewal = renewalOf(taken, step);
    const answer = renewal.request.bill.total <= 0 ? null : await this.chargeSavedCard.execute(renewal.request);
    return this.recordOne({ ...renewal, answer });
  }

  /**
   * The subscriptions, those about to be charged for a customer with credit having taken it first (up to
   * the charge), committed before the processor is asked, so the charge's amount is decided once: a
   * charge the processor already received keeps the amount it was asked for.
   */
  private async withCreditTaken(subscriptions: Subscription[], now: Date): Promise<Subscription[]> {
    const charging = subscriptions.filter(
      (subscription) => subscription.nextStep(now)?.kind === 'charge' && subscription.renewalAmount() > 0,
    );
    if (charging.length === 0) return subscriptions;
    const withCredit = new Set(await this.balance.withCredit(charging.map((subscription) => subscription.customerId)));
    if (withCredit.size === 0) return subscriptions;
    const taken = new Map<string, Subscription>();
    for (const subscription of charging) {
      if (!withCredit.has(subscription.customerId)) continue;
      const step = subscription.nextStep(now) as ChargeStep;
      if (await this.chargeSavedCard.received(renewalOf(subscription, step).request)) continue;
      const locked = await this.uow.run(async () => {
        const current = await this.subscriptions.findForUpdate(subscription.id);
        if (!current?.stillDue(step)) return current;
        const credit = await this.balance.take(current, current.customerId, current.renewalAmount());
        if (credit > 0) {
          current.carryCredit(creditLine(credit));
          await this.subscriptions.save(current);
        }
        return current;
      });
      if (locked) taken.set(locked.id, locked);
    }
    return subscriptions.map((subscription) => taken.get(subscription.id) ?? subscription);
  }

  private recordOne(renewal: Renewal): Promise<Subscription | null> {
    return this.uow.run(async () => {
      const recorded = await this.record(await this.subscriptions.lock(renewal.subscriptionId), renewal);
      if (recorded) await this.subscriptions.save(recorded);
      return recorded;
    });
  }

  /**
   * The subscriptions as recorded (null: another worker had it, or had recorded the step already); one
   * that could not be recorded goes to `failures`.
   */
  private async recordAll(renewals: Renewal[], failures: Map<string, unknown>): Promise<Map<string, Subscription | null>> {
    const recorded = new Map<string, Subscription | null>();
    if (renewals.length === 0) return recorded;
    try {
      return await this.uow.run(async () => {
        const locked = new Map(
          (await this.subscriptions.lockMany(renewals.map((renewal) => renewal.subscriptionId))).map((s) => [s.id, s]),
        );
        for (const renewal of renewals)
          recorded.set(renewal.subscriptionId, await this.record(locked.get(renewal.subscriptionId) ?? null, renewal));
        await this.subscriptions.saveMany([...recorded.values()].filter((subscription) => subscription !== null));
        return recorded;
      });
    } catch {
      recorded.clear();
      for (const renewal of renewals) {
        try {
          recorded.set(renewal.subscriptionId, await this.recordOne(renewal));
        } catch (error) {
          failures.set(renewal.subscriptionId, error);
        }
      }
      return recorded;
    }
  }

  /** Inside the transaction, `locked` under its row lock: the charge, and the subscription moved on (for the caller to save). */
  private async record(locked: Subscription | null, { step, request, carried, answer }: Renewal): Promise<Subscription | null> {
    if (!locked?.stillDue(step)) return null;
    if (answer?.outcome.status !== 'declined') {
      if (answer) await this.recordCharge.execute(request, answer);
      const leftover = -Math.min(0, request.bill.total);
      await this.effects.changed(locked, () => locked.renewed(step.period, carried));
      await this.balance.credit(locked, locked.customerId, leftover);
      return locked;
    }
    // Declined: the subscription decides what comes next, and the charge says so (`charge.failed`).
    const { retryDays } = await this.getAccount.execute(locked.accountId);
    const result = locked.renewalFailed(step.at, answer.outcome.soft ? 'soft' : 'hard', retryDays);
    await this.recordCharge.execute(request, answer, locked.nextRetryAt);
    if (result === 'canceled') {
      await this.effects.canceled(locked);
    } else {
      if (result === 'past_due') await this.effects.event(locked, 'subscription.past_due');
      await this.effects.dunning(locked, `dunning:${locked.id}:${step.period}:${step.attempt}`);
    }
    return locked;
  }
}

/** The renewal `step` charges: the period's lines and the prorations and credit carried to it. */
function renewalOf(subscription: Subscription, step: ChargeStep): Omit<Renewal, 'answer'> {
  return {
    subscriptionId: subscription.id,
    step,
    carried: subscription.prorations.length,
    request: {
      scope: subscription,
      customerId: subscription.customerId,
      paymentMethodId: subscription.paymentMethodId,
      subscriptionId: subscription.id,
      period: step.period,
      attempt: step.attempt,
      metadata: subscription.metadata,
      merchantInitiated: true,
      bill: subscription.renewalBill(),
      at: step.at,
    },
  };
}
