import { isDeepStrictEqual } from 'node:util';
import { inject, injectable } from 'inversify';
import type { CustomerClock } from '../../../shared/domain/customer-clock';
import { DomainError, ValidationError } from '../../../shared/domain/domain-error';
import type { CheckoutPlanChange, Plan, PlanShown } from '../../../shared/domain/plan';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { FindCatalogItems } from '../../catalog';
import { Bill } from '../../../shared/domain/bill';
import type { Subscription } from '../domain/subscription';
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
    if (Bill.of(planned.settledNow).total <= 0)
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
      change: storedChange(planned),
    };
  }

  /**
   * In the transaction that commits the payment attempt (or the shopper's 3-D Secure answer): the
   * subscription is still as it was quoted, and is held for the attempt until it is recorded, so no
   * cancel, change or renewal moves under a payment in flight. 409 `subscription_canceled`,
   * `subscription_change_in_progress` or `subscription_changed` otherwise, and nothing is charged.
   */
  async hold(subscriptionId: string, change: unknown, attemptId: string): Promise<void> {
    const subscription = await this.asQuoted(subscriptionId, change);
    subscription.holdFor(attemptId);
    await this.subscriptions.save(subscription);
  }

  /** The attempt was declined, or waits for 3-D Secure: the subscription is let go, unchanged. */
  async release(subscriptionId: string, attemptId: string): Promise<void> {
    const subscription = (await this.subscriptions.findForUpdate(subscriptionId))!;
    if (subscription.pendingChangeId !== attemptId) return;
    subscription.release(attemptId);
    await this.subscriptions.save(subscription);
  }

  /**
   * Inside the payment's transaction: the change, as it was quoted, with `subscription.updated`. With
   * `attemptId` the subscription was held for that payment since it was checked; with none (nothing was
   * due), it is checked here.
   */
  async apply(subscriptionId: string, change: unknown, attemptId: string | null): Promise<void> {
    if (!this.uow.active()) throw new Error("a checkout's plan change is applied inside the payment's unit of work");
    const subscription =
      attemptId === null ? await this.asQuoted(subscriptionId, change) : (await this.subscriptions.findForUpdate(subscriptionId))!;
    if (attemptId !== null) subscription.release(attemptId);
    // Canceled under a payment that was never held (one in flight from before holds): the payment stands, the plan does not change.
    if (subscription.status !== 'canceled')
      await this.effects.changed(subscription, () =>
        subscription.applyChange(plannedChange(change, `checkout plan change of ${subscriptionId}`)),
      );
    await this.subscriptions.save(subscription);
  }

  /**
   * The subscription, locked, if the change quoted for it is still the change it would make: decided
   * again at the quote's time, it is the same to the last field. A cancel, another change, a renewal,
   * a new card or new metadata since the quote all make it differ, and applying the old one would undo them.
   */
  private async asQuoted(subscriptionId: string, change: unknown): Promise<Subscription> {
    if (!this.uow.active()) throw new Error("a checkout's plan change is checked inside the payment's unit of work");
    const subscription = (await this.subscriptions.findForUpdate(subscriptionId))!;
    const quoted = plannedChange(change, `checkout plan change of ${subscriptionId}`);
    const now = subscription.planChange({ plan: quoted.plan, prorationBehavior: 'always_invoice' }, quoted.at);
    if (!isDeepStrictEqual(asJson(storedChange(now)), asJson(storedChange(quoted))))
      throw new DomainError(
        'subscription_changed',
        `Subscription '${subscriptionId}' changed since this page was opened; nothing was charged. Ask the merchant for a new link`,
      );
    return subscription;
  }
}

/** As it is stored: fields left undefined are absent. */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

function shown(plan: Plan, quantity: number): PlanShown {
  return { name: plan.name, unitAmount: plan.unitAmount, quantity, interval: plan.interval };
}
