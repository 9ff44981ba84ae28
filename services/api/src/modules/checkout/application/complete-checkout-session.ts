import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import type { Pricing } from '../../discounts';
import { RecordEvent } from '../../events';
import { CheckoutPlanChanges, StartSubscription } from '../../subscriptions';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { planDiscounts } from './renewal-discount';
import { SessionView } from '../published/session-view';

export interface CheckoutPaid {
  /** The charge that paid it; null when nothing was due now. */
  chargeId: string | null;
  /** The payment attempt that paid it, which a plan change's subscription was held for; null when nothing was due. */
  attemptId: string | null;
  pricing: Pricing;
  /** The subscription a recurring or mixed session starts (its id decided before the payment), on the saved card. */
  subscription: { id: string; paymentMethodId: string } | null;
}

/**
 * Inside the payment's transaction: the subscription starts (or, for a plan change, changes), the session completes (its discounts'
 * redemptions were held when the payment started) and the event goes out.
 */
@injectable()
export class CompleteCheckoutSession {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(StartSubscription) private readonly startSubscription: StartSubscription,
    @inject(CheckoutPlanChanges) private readonly planChanges: CheckoutPlanChanges,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(SessionView) private readonly view: SessionView,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, { chargeId, attemptId, pricing, subscription }: CheckoutPaid): Promise<void> {
    const session = (await this.sessions.findForUpdate(sessionId))!;
    if (subscription && session.plan) {
      await this.startSubscription.execute(session, {
        id: subscription.id,
        customerId: session.customerId,
        paymentMethodId: subscription.paymentMethodId,
        plan: session.plan,
        planDiscounts: planDiscounts(pricing),
        metadata: session.metadata,
      });
    }
    if (session.planChange) await this.planChanges.apply(session.planChange.subscriptionId, session.planChange.change, attemptId);
    session.complete({ chargeId, subscriptionId: session.planChange?.subscriptionId ?? subscription?.id ?? null }, this.clock.now());
    await this.sessions.save(session);
    await this.recordEvent.execute(session, 'checkout_session.completed', this.view.present({ session, pricing }));
  }
}
