// The subscriptions module's public face: what other modules may use.
export { CheckoutPlanChanges } from './application/checkout-plan-change';
export { ListSubscriptions } from './application/list-subscriptions';
export { RenewDueSubscriptions } from './application/renew-due-subscriptions';
export { StartSubscription } from './application/start-subscription';
export type { CheckoutSubscription } from './application/start-subscription';
export { CancelSubscription } from './application/cancel-subscription';
export { PreviewSubscriptionChange } from './application/preview-subscription-change';
export { RetryPastDue } from './application/retry-past-due';
export { UpdateSubscription } from './application/update-subscription';
export { GetSubscription } from './application/get-subscription';
export { SUBSCRIPTIONS } from './subscriptions.tokens';
export type { PortalLinks } from './application/ports/portal-links';
export { CountSubscriptionChanges } from './application/count-subscription-changes';
