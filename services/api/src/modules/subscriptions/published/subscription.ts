import { documentLineShape } from '../../../shared/contract/line-shapes';
import type { Schemas } from '../../../shared/contract/contract';
import type { Subscription } from '../domain/subscription';
import type { DocumentLine } from '../../../shared/domain/document-line';

/** The subscription as the API and its events show it. */
export function subscriptionView(subscription: Subscription): Schemas['Subscription'] {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customerId,
    price: subscription.priceId,
    quantity: subscription.quantity,
    payment_method: subscription.paymentMethodId,
    status: subscription.status,
    pause_collection:
      subscription.status === 'paused' ? { behavior: 'void', resumes_at: subscription.resumesAt?.toISOString() ?? null } : null,
    current_period_start: subscription.currentPeriodStart.toISOString(),
    current_period_end: subscription.currentPeriodEnd.toISOString(),
    trial_end: subscription.trialEnd?.toISOString() ?? null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt?.toISOString() ?? null,
    cancellation_reason: subscription.cancellationReason,
    metadata: subscription.metadata,
    livemode: subscription.livemode,
    created: subscription.createdAt.toISOString(),
  };
}

/** The next charge of a subscription: when, its lines (credit used included) and what it comes to. */
export interface UpcomingCharge {
  subscription: Subscription;
  /** Charged now (the change settles now), or at `date`; null: nothing more is due (it ends, or is paused with no date to resume). */
  date: Date | null;
  chargedNow: boolean;
  lines: DocumentLine[];
  amountDue: number;
  /** What the change itself puts to the customer's credit (a downgrade settled now). */
  credited: number;
}

export function upcomingChargeView(upcoming: UpcomingCharge): Schemas['UpcomingCharge'] {
  return {
    object: 'upcoming_charge',
    subscription: subscriptionView(upcoming.subscription),
    customer: upcoming.subscription.customerId,
    date: upcoming.date?.toISOString() ?? null,
    charged_now: upcoming.chargedNow,
    lines: upcoming.lines.map(documentLineShape),
    amount_due: upcoming.amountDue,
  };
}
