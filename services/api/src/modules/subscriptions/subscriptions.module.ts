import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import type { QueueDefinition } from '../../platform/jobs/job-queue';
import { AdvanceSubscription } from './application/advance-subscription';
import { CancelSubscription } from './application/cancel-subscription';
import { CreateSubscription } from './application/create-subscription';
import { GetSubscription } from './application/get-subscription';
import { ListSubscriptions } from './application/list-subscriptions';
import { RenewDueSubscriptions } from './application/renew-due-subscriptions';
import { StartSubscription } from './application/start-subscription';
import { SubscriptionEffects } from './application/subscription-effects';
import { MikroOrmSubscriptionRepository } from './infrastructure/mikro-orm/subscription.repository';
import { SubscriptionSchema } from './infrastructure/mikro-orm/subscription.schema';
import { SubscriptionsRouter } from './interfaces/http/subscriptions.router';
import { RenewalsJob } from './interfaces/jobs/renewals.job';
import { RENEWAL_QUEUE, SUBSCRIPTIONS } from './subscriptions.tokens';

export const subscriptionsEntities = [SubscriptionSchema];

export function subscriptionsQueues(expireInSeconds: number): QueueDefinition[] {
  return [{ name: RENEWAL_QUEUE, expireInSeconds: Math.max(expireInSeconds, 3600), retryLimit: 2 }];
}

export const subscriptionsModule = new ContainerModule(({ bind }) => {
  bind(SUBSCRIPTIONS.SubscriptionRepository).to(MikroOrmSubscriptionRepository).inSingletonScope();
  bindSingletons(bind, [
    SubscriptionEffects, AdvanceSubscription, RenewDueSubscriptions, CreateSubscription, CancelSubscription, GetSubscription,
    ListSubscriptions, SubscriptionsRouter, RenewalsJob, StartSubscription,
  ]);
});
