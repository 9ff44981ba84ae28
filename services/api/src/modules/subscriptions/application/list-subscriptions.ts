import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Subscription, SubscriptionStatus } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';

@injectable()
export class ListSubscriptions {
  constructor(@inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  execute(scope: Scope, filter: { customer?: string; status?: SubscriptionStatus }, page: PageRequest): Promise<Page<Subscription>> {
    return this.subscriptions.list(scope, filter, page);
  }

  /** Whether the customer has a subscription not canceled (trialing, active, past due or paused). */
  anyOpen(scope: Scope, customerId: string): Promise<boolean> {
    return this.subscriptions.anyOpen(scope, customerId);
  }
}
