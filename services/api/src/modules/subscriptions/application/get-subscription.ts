import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type Subscription, SubscriptionNotFound } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';

@injectable()
export class GetSubscription {
  constructor(@inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  async execute(scope: Scope, id: string): Promise<Subscription> {
    const subscription = await this.subscriptions.findById(scope, id);
    if (!subscription) throw new SubscriptionNotFound(id);
    return subscription;
  }
}
