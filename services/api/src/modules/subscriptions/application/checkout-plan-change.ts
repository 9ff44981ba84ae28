import { inject, injectable } from 'inversify';
import type { CustomerClock } from '../../../shared/domain/customer-clock';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { CheckoutPlanChange, Plan, PlanShown } from '../../../shared/domain/plan';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { FindCatalogItems } from '../../catalog';
import { sumOf } from '../domain/proration';
import { plannedChange, storedChange } from '../domain/subscription-change';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';
import { recurringPlan } from './subscription-inputs';

/** The plan change a checkout session sells, and its application once paid. */
@injectable()
export class CheckoutPlanChanges {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /**
   * The change of `subscription` (the customer's, not canceled) to `price`, at the customer's time: 400
   * on `subscription` or `price` when it cannot be sold on the page, or when nothing would be due now.
   */
  async quote(scope: Scope, input: { customer: string; subscription: string; price: string }): Promise<CheckoutPlanChange> {
    const subscription = await this.subscriptions.findById(scope, input.subscription);
    if (!subscription || subscription.customerId !== input.customer)
      throw new ValidationError('parameter_invalid', `No such subscription of this customer: '${input.subscription}'`, 'subscription');
    if (subscription.status === 'canceled')
      throw new ValidationError('parameter_invalid', `Subscription '${subscription.id}' is canceled`, 'subscription');
    const plan = await recurringPlan(this.catalog, scope, input.price);
    const { now } = await this.customerClock.now(scope, { customerId: subscription.customerId });
    const planned = subscription.planChange({ plan, prorationBehavior: 'always_invoice' }, now);
    const amountDue = sumOf(planned.settledNow);
    if (amountDue <= 0)
      throw new ValidationError(
        'parameter_invalid',
        'Nothing would be due now for this change: make it with POST /v1/subscriptions/{id}, which credits the difference',
        'price',
      );
    return {
      subscriptionId: subscription.id,
      current: shown(subscription.plan, subscription.quantity),
      next: shown(plan, planned.quantity),
      lines: planned.settledNow,
      amountDue,
      change: storedChange(planned),
    };
  }

  /** Inside the payment's transaction: the change, as it was quoted, with `subscription.updated`. */
  async apply(subscriptionId: string, change: unknown): Promise<void> {
    if (!this.uow.active()) throw new Error("a checkout's plan change is applied inside the payment's unit of work");
    const subscription = (await this.subscriptions.findForUpdate(subscriptionId))!;
    // Canceled since the page opened: the payment stands (the merchant may refund it), the plan does not change.
    if (subscription.status === 'canceled') return;
    await this.effects.changed(subscription, () =>
      subscription.applyChange(plannedChange(change, `checkout plan change of ${subscriptionId}`)),
    );
    await this.subscriptions.save(subscription);
  }
}

function shown(plan: Plan, quantity: number): PlanShown {
  return { name: plan.name, unitAmount: plan.unitAmount, quantity, interval: plan.interval };
}
