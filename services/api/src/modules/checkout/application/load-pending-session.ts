import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { type CheckoutSession, CheckoutSessionNotFound, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import { ExpireCheckoutSession } from './expire-checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';

/** A session for the shopper's endpoints, which must be pending; its expiry is recorded first if its time is up. */
@injectable()
export class LoadPendingSession {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(ExpireCheckoutSession) private readonly expire: ExpireCheckoutSession,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(id: string): Promise<CheckoutSession> {
    const now = this.clock.now();
    const session = await this.sessions.findByIdUnscoped(sessionIdFromPath(id));
    if (!session) throw new CheckoutSessionNotFound(id);
    if (session.isDue(now)) await this.expire.execute(session.id);
    session.assertPending(now);
    return session;
  }
}
