import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { GetAccount } from '../../accounts';
import { FindCatalogItems } from '../../catalog';
import { GetCustomer } from '../../customers';
import { ListDocuments, PrintDocument } from '../../invoicing';
import { DescribeProcessor, ListCharges, ListPaymentMethods } from '../../payments';
import { PreviewSubscriptionChange } from '../../subscriptions';
import { PortalAccess, type PortalVisit } from './portal-access';
import { planOption, type PortalView } from './portal-view';

type Subscription = Awaited<ReturnType<PortalAccess['subscriptions']>>[number];

/** Canceled subscriptions stay in the portal this long after they end. */
const CANCELED_SHOWN_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * What the portal shows its customer: their subscriptions (each one's next charge, and the prices it may
 * switch to), their cards (which one the subscriptions are charged to, which are in use), and their
 * payments with each tax document's link. Nothing of another customer's, nothing secret.
 */
@injectable()
export class GetPortalPage {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
    @inject(PreviewSubscriptionChange) private readonly preview: PreviewSubscriptionChange,
    @inject(ListPaymentMethods) private readonly listCards: ListPaymentMethods,
    @inject(DescribeProcessor) private readonly describeProcessor: DescribeProcessor,
    @inject(ListCharges) private readonly listCharges: ListCharges,
    @inject(ListDocuments) private readonly listDocuments: ListDocuments,
    @inject(PrintDocument) private readonly printDocument: PrintDocument,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(id: string): Promise<PortalView> {
    return this.render(await this.access.visit(id));
  }

  async render(visit: PortalVisit): Promise<PortalView> {
    const { session, scope, customerId, settings } = visit;
    const now = this.clock.now().getTime();
    const [account, processor, customer, all, cards, charges, documents] = await Promise.all([
      this.getAccount.execute(scope.accountId),
      this.describeProcessor.execute(scope),
      this.getCustomer.execute(scope, customerId),
      this.access.subscriptions(visit),
      this.listCards.ofCustomer(scope, customerId, { limit: 100 }),
      this.listCharges.execute(scope, { customer: customerId }, { limit: 100 }),
      this.listDocuments.execute(scope, { customer: customerId }, { limit: 100 }),
    ]);
    const subscriptions = all.filter((s) => s.status !== 'canceled' || now - (s.canceledAt?.getTime() ?? 0) < CANCELED_SHOWN_MS);
    const open = subscriptions.filter((s) => s.status !== 'canceled');
    const defaultCard = open[0]?.paymentMethodId ?? cards.items[0]?.id ?? null;
    const { prices } = await this.catalog.execute(scope, { prices: settings.allowedPrices });
    const switchable = settings.allowedPrices.flatMap((priceId) => planOption(prices.get(priceId)) ?? []);
    return {
      session,
      merchant: account.face(),
      customer: { name: customer.name, email: customer.email, phone: customer.phone },
      settings,
      cardholderIdRequired: account.cardholderIdRequired,
      addCard: processor !== null,
      cardCollection: processor?.capabilities.cardCollection ?? { type: 'server' },
      subscriptions: await Promise.all(
        subscriptions.map(async (subscription) => ({
          subscription,
          nextCharge: await this.nextCharge(visit, subscription),
          switchTo: canSwitch(subscription) ? switchable.filter((price) => price.id !== subscription.priceId) : [],
        })),
      ),
      cards: cards.items.map((card) => ({
        card,
        isDefault: card.id === defaultCard,
        inUse: open.some((subscription) => subscription.paymentMethodId === card.id),
      })),
      payments: charges.items.map((charge) => ({
        charge,
        documents: documents.items
          .filter((document) => document.chargeId === charge.id)
          .map((document) => ({ document, url: `${this.printDocument.customerLink(document.id)}?locale=${session.locale}` })),
      })),
    };
  }

  /** The subscription's next charge as it stands; none while canceled, or while a change of it is being charged. */
  private async nextCharge(visit: PortalVisit, subscription: Subscription): Promise<PortalView['subscriptions'][number]['nextCharge']> {
    if (subscription.status === 'canceled') return null;
    try {
      const upcoming = await this.preview.execute(visit.scope, subscription.id, {});
      return upcoming.date ? { date: upcoming.date, amount: upcoming.amountDue } : null;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'subscription_change_in_progress') return null;
      throw error;
    }
  }
}

/** A subscription switches plan while it is paid up and running: not while past due, paused, ending or ended. */
function canSwitch(subscription: Subscription): boolean {
  return (subscription.status === 'active' || subscription.status === 'trialing') && !subscription.cancelAtPeriodEnd;
}
