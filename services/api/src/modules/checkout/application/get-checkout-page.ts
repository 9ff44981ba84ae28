import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { GetAccount } from '../../accounts';
import { bitPageTakes, DescribeProcessor, ListPaymentMethods } from '../../payments';
import { CheckoutSessionNotFound, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { type CheckoutPage, WALLETS } from './results';
import { SessionPricing } from './session-pricing';

/**
 * What the checkout page renders (public, keyed by the session id) and nothing secret: no customer
 * details, no URLs but the way back. `surface` is `embed` inside the merchant's iframe, where the
 * session's payment_methods and auto_open_wallets apply; the hosted page ignores them.
 */
@injectable()
export class GetCheckoutPage {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
    @inject(ListPaymentMethods) private readonly paymentMethods: ListPaymentMethods,
    @inject(DescribeProcessor) private readonly describeProcessor: DescribeProcessor,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(id: string, surface: 'hosted' | 'embed'): Promise<CheckoutPage> {
    const session = await this.sessions.findByIdUnscoped(sessionIdFromPath(id));
    if (!session) throw new CheckoutSessionNotFound(id);
    const manual = session.captureMethod === 'manual';
    const [account, processor, pricing, saved] = await Promise.all([
      this.getAccount.execute(session.accountId),
      this.describeProcessor.execute(session),
      this.sessionPricing.price(session),
      // A J5 hold is for a new card only: no saved cards are offered for it.
      manual ? Promise.resolve({ items: [] }) : this.paymentMethods.execute(session, { customer: session.customerId }, { limit: 20 }),
    ]);

    const embedded = surface === 'embed' && session.embeddable();
    const allowed = embedded && session.paymentMethods.length > 0 ? session.paymentMethods : ['card', 'wallet'];
    // A wallet cannot be saved for renewals, and a J5 hold is for a new card only; and only the processor's wallets.
    const walletsAllowed = account.walletsEnabled && !manual && !session.isRecurring() && allowed.includes('wallet');
    return {
      session,
      status: session.isDue(this.clock.now()) ? 'expired' : session.status,
      pricing,
      merchant: account.face(),
      options: {
        card: allowed.includes('card'),
        cardCollection: processor?.capabilities.cardCollection ?? { type: 'server' },
        cardholderIdRequired: account.cardholderIdRequired,
        wallets: walletsAllowed ? WALLETS.filter((wallet) => processor?.capabilities.wallets.includes(wallet)) : [],
        // Bit's page takes one sale in shekels above the processor's minimum.
        bitPage: walletsAllowed && bitPageTakes(processor?.capabilities.bitPage ?? null, session.currency, session.bill(pricing).total),
        savedCards: saved.items.map((method) => ({
          id: method.id,
          brand: method.brand,
          last4: method.last4,
          expMonth: method.expMonth,
          expYear: method.expYear,
        })),
        autoOpenWallets: embedded && session.autoOpenWallets,
      },
    };
  }
}
