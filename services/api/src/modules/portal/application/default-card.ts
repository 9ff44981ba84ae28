import { inject, injectable } from 'inversify';
import { RetryPastDue, UpdateSubscription } from '../../subscriptions';
import { PortalAccess, type PortalVisit } from './portal-access';

/**
 * The card the customer's subscriptions are charged to: every one not canceled moves to it (each with
 * its `subscription.updated`), and one past due is charged its open period with it at once.
 */
@injectable()
export class DefaultCard {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(UpdateSubscription) private readonly update: UpdateSubscription,
    @inject(RetryPastDue) private readonly retry: RetryPastDue,
  ) {}

  async set(visit: PortalVisit, cardId: string): Promise<void> {
    const open = (await this.access.subscriptions(visit)).filter((subscription) => subscription.status !== 'canceled');
    for (const subscription of open) {
      if (subscription.paymentMethodId !== cardId) await this.update.execute(visit.scope, subscription.id, { paymentMethod: cardId });
      if (subscription.status === 'past_due') await this.retry.execute(visit.scope, subscription.id);
    }
  }
}
