import { inject, injectable } from 'inversify';
import { newId } from '../../../shared/domain/ids';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { type Pricing, RedeemDiscounts } from '../../discounts';
import type { CheckoutSession } from '../domain/checkout-session';
import { CompleteCheckoutSession } from './complete-checkout-session';

/**
 * A session that charges nothing now (a free trial, a fully discounted cart) completes without a payment:
 * its discounts' redemptions and the completion (with the subscription it starts, on `paymentMethodId`,
 * the card saved for its renewals) commit together.
 */
@injectable()
export class StartFreeCheckout {
  constructor(
    @inject(RedeemDiscounts) private readonly redeem: RedeemDiscounts,
    @inject(CompleteCheckoutSession) private readonly complete: CompleteCheckoutSession,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(session: CheckoutSession, pricing: Pricing, paymentMethodId: string | null): Promise<void> {
    const scope = { accountId: session.accountId, livemode: session.livemode };
    const subscription = session.isRecurring() && paymentMethodId !== null ? { id: newId('sub'), paymentMethodId } : null;
    await this.uow.run(async () => {
      await this.redeem.hold(scope, session.id, pricing);
      await this.complete.execute(session.id, { chargeId: null, attemptId: null, pricing, subscription });
    });
  }
}
