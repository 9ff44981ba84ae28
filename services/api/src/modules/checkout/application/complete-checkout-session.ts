import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { RedeemDiscounts } from '../../discounts';
import type { Pricing } from '../../discounts';
import { RecordEvent } from '../../events';
import type { CheckoutSession } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from './session-view';

/** Inside the payment's transaction: the session completes, its discounts count a redemption, the event goes out. */
@injectable()
export class CompleteCheckoutSession {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(RedeemDiscounts) private readonly redeem: RedeemDiscounts,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(SessionView) private readonly view: SessionView,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, chargeId: string | null, pricing: Pricing, subscriptionId: string | null = null): Promise<CheckoutSession> {
    const session = (await this.sessions.findForUpdate(sessionId))!;
    session.complete(chargeId, this.clock.now());
    session.subscriptionId = subscriptionId;
    await this.sessions.saveStatus(session);
    await this.redeem.execute(session, pricing.linked.map(({ rule }) => rule.id));
    await this.recordEvent.execute(session, 'checkout_session.completed', this.view.present({ session, pricing }));
    return session;
  }
}
