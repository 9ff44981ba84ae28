import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../platform/http/contract';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { GetAccount } from '../../accounts';
import { ListPaymentMethods } from '../../payments';
import { CheckoutSessionNotFound, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { amounts, lineItems, renewalDiscount, SessionView } from './session-view';

const WALLETS = ['apple_pay', 'google_pay', 'bit'] as const;

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
    @inject(SessionView) private readonly view: SessionView,
    @inject(ListPaymentMethods) private readonly paymentMethods: ListPaymentMethods,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(id: string, surface: 'hosted' | 'embed'): Promise<Schemas['CheckoutPage']> {
    const session = await this.sessions.findByIdUnscoped(sessionIdFromPath(id));
    if (!session) throw new CheckoutSessionNotFound(id);
    const manual = session.captureMethod === 'manual';
    const [account, pricing, saved] = await Promise.all([
      this.getAccount.execute(session.accountId),
      this.view.price(session),
      // A J5 hold is for a new card only: no saved cards are offered for it.
      manual ? Promise.resolve({ items: [] }) : this.paymentMethods.execute(session, { customer: session.customerId }, { limit: 20 }),
    ]);

    const embedded = surface === 'embed' && session.embeddable();
    const allowed = embedded && session.paymentMethods.length > 0 ? session.paymentMethods : ['card', 'wallet'];
    return {
      id: session.id,
      status: session.isDue(this.clock.now()) ? 'expired' : session.status,
      merchant: { name: account.name },
      locale: session.locale,
      currency: session.currency,
      line_items: lineItems(session, pricing),
      plan: session.plan && {
        name: session.plan.name,
        unit_amount: session.plan.unitAmount,
        interval: session.plan.interval,
        trial_period_days: session.plan.trialPeriodDays,
        amount_discount: pricing.summary.plan_discount_agorot,
        renewal_amount: session.plan.unitAmount - renewalDiscount(pricing),
      },
      ...amounts(session, pricing),
      discount_summary: pricing.summary,
      payment_options: {
        card: allowed.includes('card'),
        cardholder_id_required: account.cardholderIdRequired,
        // Wallet tokens cannot be saved for renewals, and a J5 hold is for a new card only.
        wallets: account.walletsEnabled && !manual && !session.isRecurring() && allowed.includes('wallet') ? [...WALLETS] : [],
        saved_cards: saved.items.map((method) => ({
          id: method.id,
          card: { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear },
        })),
        auto_open_wallets: embedded && session.autoOpenWallets,
      },
      background_color: session.backgroundColor,
      capture_method: session.captureMethod,
      installments: session.installmentsMax === null ? null : { max: session.installmentsMax },
      redirect_url: session.status === 'completed' ? session.redirectUrl() : null,
      success_origin: new URL(session.redirectUrl()).origin,
      cancel_url: session.cancelUrl,
      expires_at: session.expiresAt.toISOString(),
      livemode: session.livemode,
    };
  }
}
