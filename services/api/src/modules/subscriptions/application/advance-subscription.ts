import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { documentLines } from '../../invoicing';
import { ChargeSavedCard, RecordSavedCardCharge, type SavedCardAnswer, type SavedCardCharge } from '../../payments';
import type { DueStep, Subscription } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

type ChargeStep = Extract<DueStep, { kind: 'charge' }>;

/** A due charge the processor has answered, to record. */
interface Renewal {
  subscriptionId: string;
  step: ChargeStep;
  request: SavedCardCharge;
  answer: SavedCardAnswer;
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
    const subscriptions = await this.subscriptions.findManyUnscoped(subscriptionIds);
    const due = subscriptions.flatMap((subscription) => {
      const step = subscription.nextStep(now);
      return step?.kind === 'charge' ? [{ subscriptionId: subscription.id, step, request: chargeRequest(subscription, step) }] : [];
    });
    const renewals: Renewal[] = [];
    const failures = new Map<string, unknown>();
    const charged = await this.chargeSavedCard.executeMany(due.map((renewal) => renewal.request));
    due.forEach((renewal, i) => {
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
      subscription = step.kind === 'charge' ? await this.renew(subscription, step) : await this.notice(subscription.id, step);
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
      } else {
        subscription.cancel(step.at);
        await this.effects.event(subscription, 'subscription.canceled');
      }
      await this.subscriptions.save(subscription);
      return subscription;
    });
  }

  private async renew(subscription: Subscription, step: ChargeStep): Promise<Subscription | null> {
    const request = chargeRequest(subscription, step);
    const renewal = { subscriptionId: subscription.id, step, request, answer: await this.chargeSavedCard.execute(request) };
    return this.recordOne(renewal);
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
  private async record(locked: Subscription | null, { step, request, answer }: Renewal): Promise<Subscription | null> {
    if (!locked?.stillDue(step)) return null;
    const charge = await this.recordCharge.execute(request, answer);
    if (charge.status === 'succeeded') {
      locked.renewed(step.period);
      await this.effects.event(locked, 'subscription.updated');
    } else {
      const result = locked.renewalFailed(step.at);
      if (result === 'canceled') {
        await this.effects.event(locked, 'subscription.canceled');
      } else {
        if (result === 'past_due') await this.effects.event(locked, 'subscription.past_due');
        await this.effects.email(locked, 'dunning', `dunning:${locked.id}:${step.period}:${step.attempt}`);
      }
    }
    return locked;
  }
}

function chargeRequest(subscription: Subscription, step: ChargeStep): SavedCardCharge {
  const amount = subscription.renewalAmount();
  return {
    scope: subscription,
    customerId: subscription.customerId,
    paymentMethodId: subscription.paymentMethodId,
    subscriptionId: subscription.id,
    period: step.period,
    attempt: step.attempt,
    amount,
    merchantInitiated: true,
    documentLines: [documentLines.item(subscription.plan.name, 1, amount)],
    at: step.at,
  };
}
