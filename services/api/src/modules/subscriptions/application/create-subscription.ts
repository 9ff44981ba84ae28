import { inject, injectable } from 'inversify';
import type { CustomerClock } from '../../../shared/domain/customer-clock';
import { asMissingParam, DomainError, ValidationError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { FindCatalogItems } from '../../catalog';
import { GetCustomer } from '../../customers';
import { documentLines } from '../../invoicing';
import { ChargeSavedCard, GetPaymentMethod, MoneyGate, RecordSavedCardCharge } from '../../payments';
import { Subscription } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

/**
 * Subscribes a customer with a saved card: the first period is charged now unless the price has a trial
 * (a decline answers 402 and leaves no subscription), with a document, a welcome email and
 * `subscription.created`; renewals follow one interval later. A money flow, read top to bottom: the
 * subscription (and so its id) is decided, the processor is called outside any transaction, then one
 * transaction records the charge and, if it was paid, the subscription.
 */
@injectable()
export class CreateSubscription {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetPaymentMethod) private readonly getPaymentMethod: GetPaymentMethod,
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
    @inject(ChargeSavedCard) private readonly chargeSavedCard: ChargeSavedCard,
    @inject(RecordSavedCardCharge) private readonly recordCharge: RecordSavedCardCharge,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(scope: Scope, input: { customer: string; paymentMethod: string; price: string }): Promise<Subscription> {
    const customer = await this.getCustomer.execute(scope, input.customer).catch(asMissingParam('customer_not_found', 'customer', input.customer));
    const method = await this.getPaymentMethod.execute(scope, input.paymentMethod).catch(asMissingParam('payment_method_not_found', 'payment_method', input.paymentMethod));
    if (method.customerId !== customer.id) throw new ValidationError('payment_method_not_found', `No such payment method for this customer: '${input.paymentMethod}'`, 'payment_method');
    const price = (await this.catalog.execute(scope, { prices: [input.price] })).prices.get(input.price);
    if (!price) throw new ValidationError('price_not_found', `No such price: '${input.price}'`, 'price');
    if (price.type !== 'recurring') throw new ValidationError('price_not_recurring', 'Subscriptions need a recurring price', 'price');
    await this.gate.processorFor(scope);

    const { now } = await this.customerClock.now(scope, { customerId: customer.id });
    const subscription = Subscription.start(scope, {
      customerId: customer.id,
      paymentMethodId: method.id,
      plan: { price: price.id, product: price.product, name: price.productName, unitAmount: price.unitAmount, currency: 'ils', interval: price.interval!, trialPeriodDays: price.trialPeriodDays },
      testClockId: customer.testClockId,
      renewalDiscount: 0,
    }, now);
    if (subscription.inTrial()) {
      await this.uow.run(() => this.begin(subscription));
      return subscription;
    }

    const request = {
      scope,
      customerId: customer.id,
      paymentMethodId: method.id,
      subscriptionId: subscription.id,
      period: 0,
      attempt: 1,
      amount: price.unitAmount,
      merchantInitiated: false,
      documentLines: [documentLines.item(price.productName, 1, price.unitAmount)],
      at: now,
    };
    const answer = await this.chargeSavedCard.execute(request);
    const charge = await this.uow.run(async () => {
      const recorded = await this.recordCharge.execute(request, answer);
      if (recorded.status === 'succeeded') await this.begin(subscription);
      return recorded;
    });
    if (charge.status !== 'succeeded') throw new DomainError('card_declined', 'The first period could not be charged: the card was declined', 'payment_method');
    return subscription;
  }

  private async begin(subscription: Subscription): Promise<void> {
    await this.subscriptions.add(subscription);
    await this.effects.event(subscription, 'subscription.created');
    await this.effects.email(subscription, 'welcome', `welcome:${subscription.id}`);
  }
}
