import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PayCheckout } from '../../payments';
import { CHECKOUT } from '../checkout.tokens';
import { loadPendingSession } from './apply-checkout-discount';
import { CompleteCheckoutSession } from './complete-checkout-session';
import { type ConfirmResult, result } from './confirm-checkout-session';
import { ExpireCheckoutSession } from './expire-checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from './session-view';

/** The shopper's answer to the bank's 3-D Secure challenge; answers as confirm does. */
@injectable()
export class CompleteThreeDSecure {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(ExpireCheckoutSession) private readonly expire: ExpireCheckoutSession,
    @inject(CompleteCheckoutSession) private readonly complete: CompleteCheckoutSession,
    @inject(SessionView) private readonly view: SessionView,
    @inject(PayCheckout) private readonly pay: PayCheckout,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, challengeId: string, answer: 'authenticated' | 'failed'): Promise<ConfirmResult> {
    const session = await loadPendingSession(this.sessions, this.expire, sessionId, this.clock.now());
    const pricing = await this.view.price(session);
    const outcome = await this.pay.continueChallenge(session, session.id, challengeId, answer, (charge) =>
      this.complete.execute(session.id, charge.id, pricing).then(() => undefined),
    );
    return result(session, outcome);
  }
}
