import { inject, injectable } from 'inversify';
import type { IntentFinisher, PendingIntent } from '../../payments';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionPricing } from './session-pricing';
import { SettleCheckoutPayment } from './settle-checkout-payment';

/**
 * The reconciler's finisher of checkout payments: an attempt left in flight by a request that died is
 * settled as the request would have (the processor is asked again with the attempt's key, which answers
 * as it did the first time) and the outcome recorded: the charge with its event, document and receipt,
 * the subscription it starts, the session completed, even if its time ran out meanwhile.
 */
@injectable()
export class FinishCheckoutPayment implements IntentFinisher {
  readonly kinds = ['checkout_payment'] as const;

  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(SessionPricing) private readonly sessionPricing: SessionPricing,
    @inject(SettleCheckoutPayment) private readonly settle: SettleCheckoutPayment,
  ) {}

  async finish({ id, subjectId }: PendingIntent): Promise<void> {
    const session = (await this.sessions.findByIdUnscoped(subjectId))!;
    // A payment of the processor's own fields found nowhere yet stays in flight, for the next run.
    await this.settle.settle(session, await this.sessionPricing.price(session), { attemptId: id, fresh: true });
  }
}
