import type { Schemas } from '../../../../platform/http/contract';
import type { Subscription } from '../../domain/subscription';

/** The subscription as the API and its events show it. */
export function subscriptionView(subscription: Subscription): Schemas['Subscription'] {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customerId,
    price: subscription.priceId,
    payment_method: subscription.paymentMethodId,
    status: subscription.status,
    current_period_start: subscription.currentPeriodStart.toISOString(),
    current_period_end: subscription.currentPeriodEnd.toISOString(),
    trial_end: subscription.trialEnd?.toISOString() ?? null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt?.toISOString() ?? null,
    livemode: subscription.livemode,
    created: subscription.createdAt.toISOString(),
  };
}
