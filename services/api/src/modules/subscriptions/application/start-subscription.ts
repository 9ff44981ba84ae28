import type { Metadata } from '../../../shared/domain/metadata';
import { inject, injectable } from 'inversify';
import type { CustomerClock } from '../../../shared/domain/customer-clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import type { Plan } from '../../../shared/domain/plan';
import { Subscription } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

export interface CheckoutSubscription {
  /** Decided before the payment, which already names it. */
  id: string;
  customerId: string;
  paymentMethodId: string;
  plan: Plan;
  /** Plan discounts that outlast the first charge: forever (`months` null) or for the first months of billing. */
  planDiscounts: { amount: number; months: number | null }[];
  /** The checkout session's. */
  metadata: Metadata;
}

/**
 * Starts the subscription of a paid recurring or mixed checkout, inside the payment's transaction: the
 * first period (unless in trial) was part of that payment.
 */
@injectable()
export class StartSubscription {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
  ) {}

  async execute(scope: Scope, input: CheckoutSubscription): Promise<void> {
    if (!this.uow.active()) throw new Error("a checkout subscription starts inside the payment's unit of work");
    const { now, testClockId } = await this.customerClock.now(scope, { customerId: input.customerId });
    const subscription = Subscription.start(scope, { ...input, testClockId }, now);
    await this.subscriptions.add(subscription);
    await this.effects.event(subscription, 'subscription.created');
    await this.effects.welcome(subscription, `welcome:${subscription.id}`);
  }
}
