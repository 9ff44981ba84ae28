import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { RecordEvent } from '../../events';
import { RedeemDiscounts } from '../../discounts';
import { AttemptsInFlight } from '../../payments';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from './session-view';

/**
 * A pending session whose time is up becomes `expired` and emits `checkout_session.expired`, once; not
 * while a payment of it is in flight (the reconciler settles that payment first).
 */
@injectable()
export class ExpireCheckoutSession {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(SessionView) private readonly view: SessionView,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(AttemptsInFlight) private readonly inFlight: AttemptsInFlight,
    @inject(RedeemDiscounts) private readonly redeem: RedeemDiscounts,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string, now: Date = this.clock.now()): Promise<boolean> {
    return this.uow.run(async () => {
      const session = await this.sessions.findForUpdate(sessionId);
      // A payment in flight may still succeed: the session waits for its outcome.
      if (!session?.isDue(now) || (await this.inFlight.of(session.id))) return false;
      session.expire(now);
      await this.sessions.saveStatus(session);
      await this.redeem.release(session.id);
      await this.recordEvent.execute(session, 'checkout_session.expired', await this.view.render(session));
      return true;
    });
  }
}
