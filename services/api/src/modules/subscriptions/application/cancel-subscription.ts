import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { CancellationReason } from '../../../shared/domain/portal-settings';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { type Subscription, SubscriptionNotFound } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

/**
 * Now (`subscription.canceled`), or at the end of the paid period with no further charge. Canceling now
 * is idempotent: a repeat, or a cancel racing another, answers the canceled subscription, with one event.
 */
@injectable()
export class CancelSubscription {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, id: string, atPeriodEnd: boolean, reason?: CancellationReason): Promise<Subscription> {
    if (!(await this.subscriptions.findById(scope, id))) throw new SubscriptionNotFound(id);
    return this.uow.join(async () => {
      const subscription = (await this.subscriptions.findForUpdate(id))!;
      if (!atPeriodEnd && subscription.status === 'canceled') return subscription;
      if (atPeriodEnd) {
        await this.effects.changed(subscription, () => subscription.scheduleCancel(reason));
      } else {
        subscription.cancel(this.clock.now(), reason);
        await this.effects.canceled(subscription);
      }
      await this.subscriptions.save(subscription);
      return subscription;
    });
  }
}
