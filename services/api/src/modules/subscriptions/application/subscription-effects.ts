import { inject, injectable } from 'inversify';
import { changedAttributes } from '../../../shared/domain/changed-attributes';
import { GetAccount } from '../../accounts';
import { CustomerBalance, GetCustomer } from '../../customers';
import { type EventType, RecordEvent } from '../../events';
import { QueueEmail } from '../../notifications';
import type { Subscription } from '../domain/subscription';
import { subscriptionView } from './published/subscription';

/** Events and emails of a subscription, inside the transaction of the change. */
@injectable()
export class SubscriptionEffects {
  constructor(
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(QueueEmail) private readonly queueEmail: QueueEmail,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(CustomerBalance) private readonly balance: CustomerBalance,
  ) {}

  async event(subscription: Subscription, type: EventType): Promise<void> {
    await this.recordEvent.execute(subscription, type, subscriptionView(subscription));
  }

  /** A subscription just canceled: `subscription.canceled`, and the credit it carried back to the customer's balance. */
  async canceled(subscription: Subscription): Promise<void> {
    await this.balance.credit(subscription, subscription.customerId, subscription.takeUnusedCredit());
    await this.event(subscription, 'subscription.canceled');
  }

  /**
   * `change` made to `subscription`, then its events: `subscription.updated` with the changed fields'
   * previous values (none when nothing changed), and `subscription.paused` or `subscription.resumed`
   * when collection stopped or started again.
   */
  async changed(subscription: Subscription, change: () => void): Promise<void> {
    const before = subscriptionView(subscription);
    change();
    const after = subscriptionView(subscription);
    const previous = changedAttributes(before, after);
    if (Object.keys(previous).length === 0) return;
    await this.recordEvent.execute(subscription, 'subscription.updated', after, previous);
    if (before.status !== 'paused' && after.status === 'paused') await this.event(subscription, 'subscription.paused');
    if (before.status === 'paused' && after.status !== 'paused') await this.event(subscription, 'subscription.resumed');
  }

  async email(subscription: Subscription, kind: 'welcome' | 'dunning', key: string): Promise<void> {
    const customer = await this.getCustomer.execute(subscription, subscription.customerId);
    if (!customer.email) return;
    const account = await this.getAccount.execute(subscription.accountId);
    const planName = subscription.plan.name;
    await this.queueEmail.execute({
      accountId: subscription.accountId,
      key,
      to: customer.email,
      message:
        kind === 'welcome'
          ? { kind, merchantName: account.name, customerName: customer.name, planName }
          : { kind, customerName: customer.name, planName },
    });
  }
}
