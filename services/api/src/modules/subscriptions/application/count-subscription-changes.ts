import { inject, injectable } from 'inversify';
import type { Period } from '../../../shared/domain/period';
import type { Scope } from '../../../shared/domain/scope';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';

/** How many subscriptions started, and how many ended, in a period. */
@injectable()
export class CountSubscriptionChanges {
  constructor(@inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  execute(scope: Scope, period: Period): Promise<{ started: number; canceled: number }> {
    return this.subscriptions.countChanges(scope, period);
  }
}
