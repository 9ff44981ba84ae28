import { inject, injectable } from 'inversify';
import { settleEach } from '../../../shared/domain/settle-each';
import { AttemptsInFlight } from '../../payments';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionPricing } from './session-pricing';
import { SettleCheckoutPayment } from './settle-checkout-payment';

/**
 * The reconciler's part for checkouts: every payment attempt left in flight by a request that died is
 * settled as the request would have (the processor is asked again with the attempt's idempotency key,
 * which answers as it did the first time) and the outcome recorded: the charge with its event, document
 * and receipt, the subscription it starts, the session completed, even if its time ran out meanwhile.
 * Answers how many.
 */
@injectable()
export class ReconcileCheckoutPayments {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(AttemptsInFlight) private readonly inFlight: AttemptsInFlight,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
    @inject(SettleCheckoutPayment) private readonly settle: SettleCheckoutPayment,
  ) {}

  execute(): Promise<number> {
    return settleEach(
      (limit) => this.inFlight.orphaned(limit),
      async ({ attemptId, sessionId }) => {
        const session = (await this.sessions.findByIdUnscoped(sessionId))!;
        await this.settle.execute(session, await this.sessionPricing.price(session), { attemptId, fresh: true });
      },
    );
  }
}
