import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type Subscription, SubscriptionNotFound } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';

@injectable()
export class GetSubscription {
  constructor(@inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /** `customerId`: only that customer's; another's answers the very 404 an unknown id does. */
  async execute(scope: Scope, id: string, customerId?: string): Promise<Subscription> {
    const subscription = await this.subscriptions.findById(scope, id);
    if (!subscription || (customerId !== undefined && subscription.customerId !== customerId)) throw new SubscriptionNotFound(id);
    return subscription;
  }
}
