import { inject, injectable } from 'inversify';
import type { CustomerClock } from '../../../shared/domain/customer-clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { FindCatalogItems } from '../../catalog';
import { GetPaymentMethod } from '../../payments';
import { type Subscription, type SubscriptionChangeRequest, SubscriptionNotFound } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { customersCard, recurringPlan } from './subscription-inputs';

/** A change asked of `subscription` (as read before any lock), at the customer's time. */
export interface AskedChange {
  request: SubscriptionChangeRequest;
  at: Date;
  subscription: Subscription;
}

/** A change as the API asks it: a price by id, a card by id. */
export type SubscriptionUpdate = Omit<SubscriptionChangeRequest, 'plan' | 'paymentMethodId'> & { price?: string; paymentMethod?: string };

/**
 * The change an update asks, its price and card looked up, at the customer's time (its test clock's, if
 * it has one): what `UpdateSubscription` applies and `PreviewSubscriptionChange` shows, decided alike.
 */
@injectable()
export class AskSubscriptionChange {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
    @inject(GetPaymentMethod) private readonly getPaymentMethod: GetPaymentMethod,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
  ) {}

  async execute(scope: Scope, id: string, update: SubscriptionUpdate): Promise<AskedChange> {
    const subscription = await this.subscriptions.findById(scope, id);
    if (!subscription) throw new SubscriptionNotFound(id);
    const { price, paymentMethod, ...rest } = update;
    const request: SubscriptionChangeRequest = { ...rest };
    if (price !== undefined) request.plan = await recurringPlan(this.catalog, scope, price);
    if (paymentMethod !== undefined)
      request.paymentMethodId = await customersCard(this.getPaymentMethod, scope, subscription.customerId, paymentMethod);
    const { now } = await this.customerClock.now(scope, { customerId: subscription.customerId });
    return { request, at: now, subscription };
  }
}
