import { inject, injectable } from 'inversify';
import { changedAttributes } from '../../../shared/domain/changed-attributes';
import { GetAccount } from '../../accounts';
import { CustomerBalance, GetCustomer } from '../../customers';
import { type EventType, RecordEvent } from '../../events';
import { type EmailMessage, QueueEmail } from '../../notifications';
import type { Subscription } from '../domain/subscription';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { PortalLinks } from './ports/portal-links';
import { subscriptionView } from '../published/subscription';

/** Events and emails of a subscription, inside the transaction of the change. */
@injectable()
export class SubscriptionEffects {
  constructor(
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(QueueEmail) private readonly queueEmail: QueueEmail,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(CustomerBalance) private readonly balance: CustomerBalance,
    @inject(SUBSCRIPTIONS.PortalLinks) private readonly portalLinks: PortalLinks,
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

  async welcome(subscription: Subscription, key: string): Promise<void> {
    await this.send(subscription, key, async (merchantName, customerName) => ({
      kind: 'welcome',
      merchantName,
      customerName,
      planName: subscription.plan.name,
    }));
  }

  /**
   * A declined renewal's email: when it is tried again (a soft decline), or until when a new card keeps
   * the subscription (a hard one), with a link to the customer portal to give one.
   */
  async dunning(subscription: Subscription, key: string): Promise<void> {
    await this.send(subscription, key, async (merchantName, customerName) => ({
      kind: 'dunning',
      merchantName,
      customerName,
      planName: subscription.plan.name,
      retryAt: subscription.nextRetryAt,
      endsAt: subscription.dunningEndsAt,
      portalUrl: await this.portalLinks.forEmail(subscription, subscription.customerId),
    }));
  }

  /** The card `subscription` is charged to expires soon: a new one, through the customer portal. */
  async cardExpiring(subscription: Subscription, card: { last4: string; expMonth: number; expYear: number }, key: string): Promise<void> {
    await this.send(subscription, key, async (merchantName, customerName) => ({
      kind: 'card_expiring',
      merchantName,
      customerName,
      cardLast4: card.last4,
      expiry: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`,
      portalUrl: await this.portalLinks.forEmail(subscription, subscription.customerId),
    }));
  }

  /** An email to the subscription's customer, once per `key`; none for a customer without an email address. */
  private async send(
    subscription: Subscription,
    key: string,
    message: (merchantName: string, customerName: string) => Promise<EmailMessage>,
  ): Promise<void> {
    const customer = await this.getCustomer.execute(subscription, subscription.customerId);
    if (!customer.email) return;
    const account = await this.getAccount.execute(subscription.accountId);
    await this.queueEmail.execute({
      accountId: subscription.accountId,
      key,
      to: customer.email,
      message: await message(account.name, customer.name),
    });
  }
}
