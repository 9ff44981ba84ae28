import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { documentLines } from '../../invoicing';
import { ChargeSavedCard, RecordSavedCardCharge, type SavedCardCharge } from '../../payments';
import type { DueStep, Subscription } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

type ChargeStep = Extract<DueStep, { kind: 'charge' }>;

/**
 * Runs, in time order, everything due on one subscription by `now`: the trial-ending notice, renewals
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

  async execute(subscriptionId: string, now: Date): Promise<number> {
    let steps = 0;
    // Each step returns the subscription as it committed it, to find the next step on.
    let subscription = await this.subscriptions.findByIdUnscoped(subscriptionId);
    for (;;) {
      const step = subscription?.nextStep(now);
      if (!subscription || !step) return steps;
      subscription = step.kind === 'charge' ? await this.renew(subscription, step) : await this.notice(subscriptionId, step);
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
    const amount = subscription.renewalAmount();
    const request: SavedCardCharge = {
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
    const answer = await this.chargeSavedCard.execute(request);
    return this.uow.run(async () => {
      const locked = await this.subscriptions.lock(subscription.id);
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
      await this.subscriptions.save(locked);
      return locked;
    });
  }
}
