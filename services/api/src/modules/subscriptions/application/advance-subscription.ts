import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { AlreadySettled, ChargeSavedCard } from '../../payments';
import type { DueStep, Subscription } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

/**
 * Runs, in time order, everything due on one subscription by `now`: the trial-ending notice, renewals
 * (one charge per period, catching up missed ones), retries of declined renewals, and the end of a
 * period set to cancel. The processor is called outside any transaction; each result is recorded under
 * the subscription's row lock, and a step another worker already recorded is left alone.
 */
@injectable()
export class AdvanceSubscription {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(ChargeSavedCard) private readonly chargeSavedCard: ChargeSavedCard,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(subscriptionId: string, now: Date): Promise<number> {
    let steps = 0;
    for (;;) {
      const subscription = await this.subscriptions.findByIdUnscoped(subscriptionId);
      const step = subscription?.nextStep(now);
      if (!subscription || !step) return steps;
      const done = step.kind === 'charge' ? await this.charge(subscription, step) : await this.notice(subscriptionId, step);
      if (!done) return steps;
      steps++;
    }
  }

  /** Applies `change` to the locked subscription if `step` is still what is due on it. */
  private async settle(subscriptionId: string, step: DueStep, change: (subscription: Subscription) => Promise<void>): Promise<void> {
    const subscription = await this.subscriptions.lock(subscriptionId);
    const current = subscription?.nextStep(step.at);
    if (!subscription || !current || current.kind !== step.kind || (current.kind === 'charge' && step.kind === 'charge' && (current.period !== step.period || current.attempt !== step.attempt))) {
      throw new AlreadySettled();
    }
    await change(subscription);
    await this.subscriptions.save(subscription);
  }

  private async notice(subscriptionId: string, step: DueStep): Promise<boolean> {
    try {
      await this.uow.run(() =>
        this.settle(subscriptionId, step, async (subscription) => {
          if (step.kind === 'trial_will_end') {
            subscription.markTrialWillEndSent();
            await this.effects.event(subscription, 'subscription.trial_will_end');
          } else {
            subscription.cancel(step.at);
            await this.effects.event(subscription, 'subscription.canceled');
          }
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof AlreadySettled) return false;
      throw error;
    }
  }

  private async charge(subscription: Subscription, step: Extract<DueStep, { kind: 'charge' }>): Promise<boolean> {
    const amount = subscription.renewalAmount();
    const charge = await this.chargeSavedCard.execute(
      {
        scope: subscription,
        customerId: subscription.customerId,
        paymentMethodId: subscription.paymentMethodId,
        subscriptionId: subscription.id,
        period: step.period,
        attempt: step.attempt,
        amount,
        merchantInitiated: true,
        documentLines: [{ description: subscription.plan.name, quantity: 1, unit_amount: amount, amount }],
        at: step.at,
      },
      (charged) =>
        this.settle(subscription.id, step, async (locked) => {
          if (charged.status === 'succeeded') {
            locked.renewed(step.period);
            await this.effects.event(locked, 'subscription.updated');
            return;
          }
          const result = locked.renewalFailed(step.at);
          if (result === 'canceled') {
            await this.effects.event(locked, 'subscription.canceled');
          } else {
            if (result === 'past_due') await this.effects.event(locked, 'subscription.past_due');
            await this.effects.email(locked, 'dunning', `dunning:${locked.id}:${step.period}:${step.attempt}`);
          }
        }),
    );
    return charge !== null;
  }
}
