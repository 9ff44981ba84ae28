import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { Bill } from '../../../shared/domain/bill';
import { documentLines } from '../../invoicing';
import { ChargeSavedCard, RecordSavedCardCharge, type SavedCardCharge } from '../../payments';
import type { Subscription } from '../domain/subscription';
import type { SubscriptionStart } from '../domain/subscription-start';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository, SubscriptionStartRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

/**
 * Steps two and three of a subscription created through the API, once its start is committed: the first
 * period is charged outside any transaction, then one transaction records the charge and, if it was paid,
 * the subscription with `subscription.created` and the welcome email. Run by the request or, after a
 * crash, by the reconciler; under the start's row lock it is recorded once.
 */
@injectable()
export class SettleSubscriptionStart {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(SUBSCRIPTIONS.SubscriptionStartRepository) private readonly starts: SubscriptionStartRepository,
    @inject(ChargeSavedCard) private readonly chargeSavedCard: ChargeSavedCard,
    @inject(RecordSavedCardCharge) private readonly recordCharge: RecordSavedCardCharge,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(start: SubscriptionStart): Promise<{ subscription: Subscription; paid: boolean }> {
    const subscription = start.subscription();
    const request: SavedCardCharge = {
      scope: subscription,
      customerId: subscription.customerId,
      paymentMethodId: subscription.paymentMethodId,
      subscriptionId: subscription.id,
      period: 0,
      attempt: 1,
      idempotencyKey: start.idempotencyKey,
      metadata: subscription.metadata,
      merchantInitiated: false,
      bill: Bill.of([documentLines.item(subscription.plan.name, 1, subscription.plan.unitAmount)]),
      at: subscription.createdAt,
    };
    const answer = await this.chargeSavedCard.execute(request);
    const outcome = await this.uow.run(async () => {
      const locked = (await this.starts.findForUpdate(start.id))!;
      if (locked.status !== 'pending') return locked.status;
      const charge = await this.recordCharge.execute(request, answer);
      if (charge.status === 'succeeded') await this.begin(subscription);
      locked.settled(charge.status);
      await this.starts.save(locked);
      return charge.status;
    });
    return { subscription, paid: outcome === 'succeeded' };
  }

  /** Inside the caller's transaction: the subscription exists, with its event and welcome email. */
  async begin(subscription: Subscription): Promise<void> {
    await this.subscriptions.add(subscription);
    await this.effects.event(subscription, 'subscription.created');
    await this.effects.welcome(subscription, `welcome:${subscription.id}`);
  }
}
