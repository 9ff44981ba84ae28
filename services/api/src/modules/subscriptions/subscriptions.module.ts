import { CountSubscriptionChanges } from './application/count-subscription-changes';
import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import type { QueueDefinition } from '../../platform/jobs/job-queue';
import { AdvanceSubscription } from './application/advance-subscription';
import { CheckoutPlanChanges } from './application/checkout-plan-change';
import { CancelSubscription } from './application/cancel-subscription';
import { CreateSubscription } from './application/create-subscription';
import { GetSubscription } from './application/get-subscription';
import { ListSubscriptions } from './application/list-subscriptions';
import { NoticeExpiringCards } from './application/notice-expiring-cards';
import { RetryPastDue } from './application/retry-past-due';
import { RenewDueSubscriptions } from './application/renew-due-subscriptions';
import { ReconcileRenewals } from './application/reconcile-renewals';
import { FinishSubscriptionIntent } from './application/finish-subscription-intent';
import { INTENT_FINISHERS } from '../payments';
import { PreviewSubscriptionChange } from './application/preview-subscription-change';
import { SettleSubscriptionChange } from './application/settle-subscription-change';
import { SettleSubscriptionStart } from './application/settle-subscription-start';
import { StartSubscription } from './application/start-subscription';
import { SubscriptionEffects } from './application/subscription-effects';
import { UpdateSubscription } from './application/update-subscription';
import { AskSubscriptionChange } from './application/ask-subscription-change';
import { PgSubscriptionChangeRepository } from './infrastructure/postgres/subscription-change.repository';
import { PgSubscriptionStartRepository } from './infrastructure/postgres/subscription-start.repository';
import { PgSubscriptionRepository } from './infrastructure/postgres/subscription.repository';
import { SubscriptionChangeSchema, SubscriptionSchema, SubscriptionStartSchema } from './infrastructure/postgres/subscription.schema';
import { SubscriptionsRouter } from './interfaces/http/subscriptions.router';
import { CARD_EXPIRY_QUEUE, RENEWAL_QUEUE, SUBSCRIPTIONS } from './subscriptions.tokens';

export const subscriptionsEntities = [SubscriptionSchema, SubscriptionStartSchema, SubscriptionChangeSchema];

export function subscriptionsQueues(expireInSeconds: number): QueueDefinition[] {
  return [
    { name: RENEWAL_QUEUE, expireInSeconds: Math.max(expireInSeconds, 3600), retryLimit: 2 },
    { name: CARD_EXPIRY_QUEUE, expireInSeconds: Math.max(expireInSeconds, 3600), retryLimit: 2 },
  ];
}

export const subscriptionsModule = new ContainerModule(({ bind }) => {
  bind(SUBSCRIPTIONS.SubscriptionRepository).to(PgSubscriptionRepository).inSingletonScope();
  bind(SUBSCRIPTIONS.SubscriptionStartRepository).to(PgSubscriptionStartRepository).inSingletonScope();
  bind(SUBSCRIPTIONS.SubscriptionChangeRepository).to(PgSubscriptionChangeRepository).inSingletonScope();
  bindSingletons(bind, [
    CountSubscriptionChanges,
    SubscriptionEffects,
    AdvanceSubscription,
    RenewDueSubscriptions,
    RetryPastDue,
    CreateSubscription,
    CancelSubscription,
    GetSubscription,
    ListSubscriptions,
    SubscriptionsRouter,
    NoticeExpiringCards,
    StartSubscription,
    SettleSubscriptionStart,
    UpdateSubscription,
    AskSubscriptionChange,
    CheckoutPlanChanges,
    SettleSubscriptionChange,
    PreviewSubscriptionChange,
    ReconcileRenewals,
    FinishSubscriptionIntent,
  ]);
  bind(INTENT_FINISHERS).toService(FinishSubscriptionIntent);
});
