import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { RecordEvent } from '../../events';
import { RedeemDiscounts } from '../../discounts';
import { AttemptsInFlight } from '../../payments';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSession } from '../domain/checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from '../published/session-view';

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
      return session !== null && (await this.expireAll([session], now)) === 1;
    });
  }

  /** One batch of the sweep, in one transaction: up to `limit` due sessions not locked by another. */
  async due(now: Date, limit: number, customers?: string[]): Promise<{ found: number; expired: number }> {
    return this.uow.run(async () => {
      const due = await this.sessions.lockDue(now, limit, customers);
      return { found: due.length, expired: await this.expireAll(due, now) };
    });
  }

  /** The locked sessions that are due, in a statement or two for each step whatever their number. */
  private async expireAll(sessions: CheckoutSession[], now: Date): Promise<number> {
    const inFlight = await this.inFlight.among(sessions.map((session) => session.id));
    // A payment in flight may still succeed: the session waits for its outcome.
    const expired = sessions.filter((session) => !inFlight.has(session.id) && session.expire(now));
    await this.sessions.saveMany(expired);
    await this.redeem.release(expired.map((session) => session.id));
    const views = await this.view.renderMany(expired);
    await this.recordEvent.executeMany(expired.map((session, i) => ({ scope: session, type: 'checkout_session.expired', data: views[i] })));
    return expired.length;
  }
}
