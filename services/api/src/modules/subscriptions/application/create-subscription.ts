import { inject, injectable } from 'inversify';
import type { CustomerClock } from '../../../shared/domain/customer-clock';
import { asMissingParam, DomainError } from '../../../shared/domain/domain-error';
import { type Metadata, mergeMetadata } from '../../../shared/domain/metadata';
import { idFor } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { FindCatalogItems } from '../../catalog';
import { GetCustomer } from '../../customers';
import { GetPaymentMethod, MoneyGate } from '../../payments';
import { Subscription } from '../domain/subscription';
import { SubscriptionStart } from '../domain/subscription-start';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository, SubscriptionStartRepository } from './ports/subscription-repository';
import { SettleSubscriptionStart } from './settle-subscription-start';
import { customersCard, recurringPlan } from './subscription-inputs';

/**
 * Subscribes a customer with a saved card: the first period is charged now unless the price has a trial
 * (a decline answers 402 and leaves no subscription), with a document, a welcome email and
 * `subscription.created`; renewals follow one interval later. A money flow, read top to bottom: the
 * subscription (and so its id) is decided and its start committed, then `SettleSubscriptionStart` calls
 * the processor and records the charge and, if it was paid, the subscription.
 */
@injectable()
export class CreateSubscription {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(SUBSCRIPTIONS.SubscriptionStartRepository) private readonly starts: SubscriptionStartRepository,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetPaymentMethod) private readonly getPaymentMethod: GetPaymentMethod,
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
    @inject(SettleSubscriptionStart) private readonly settle: SettleSubscriptionStart,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /**
   * `requestKey` (the request's Idempotency-Key) names the subscription: a retry of a request that died
   * after its first charge started finishes that one instead of charging a second subscription.
   */
  async execute(
    scope: Scope,
    input: { customer: string; paymentMethod: string; price: string; metadata?: Metadata },
    requestKey?: string,
  ): Promise<Subscription> {
    const id = requestKey === undefined ? undefined : idFor('sub', `${scope.accountId}:${scope.livemode}:${requestKey}`);
    const earlier = id && (await this.earlier(id));
    if (earlier) return earlier;
    const customer = await this.getCustomer
      .execute(scope, input.customer)
      .catch(asMissingParam('customer_not_found', 'customer', input.customer));
    const paymentMethodId = await customersCard(this.getPaymentMethod, scope, customer.id, input.paymentMethod);
    const plan = await recurringPlan(this.catalog, scope, input.price);
    await this.gate.processorFor(scope);

    const { now } = await this.customerClock.now(scope, { customerId: customer.id });
    const subscription = Subscription.start(
      scope,
      {
        id,
        customerId: customer.id,
        paymentMethodId,
        plan,
        testClockId: customer.testClockId,

        metadata: mergeMetadata({}, input.metadata),
      },
      now,
    );
    if (subscription.inTrial()) {
      await this.uow.run(() => this.settle.begin(subscription));
      return subscription;
    }
    const start = SubscriptionStart.of(subscription);
    await this.uow.run(() => this.starts.add(start));
    return this.paid(await this.settle.execute(start));
  }

  /** What a retried request's first try made: its subscription, or the outcome of its first charge. */
  private async earlier(id: string): Promise<Subscription | null> {
    const made = await this.subscriptions.findByIdUnscoped(id);
    if (made) return made;
    const start = await this.starts.findById(id);
    return (
      start &&
      this.paid(
        start.status === 'pending'
          ? await this.settle.execute(start)
          : { subscription: start.subscription(), paid: start.status === 'succeeded' },
      )
    );
  }

  private paid({ subscription, paid }: { subscription: Subscription; paid: boolean }): Subscription {
    if (!paid) throw new DomainError('card_declined', 'The first period could not be charged: the card was declined', 'payment_method');
    return subscription;
  }
}
