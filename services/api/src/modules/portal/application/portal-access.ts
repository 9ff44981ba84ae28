import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { GetAccount } from '../../accounts';
import { GetSubscription, ListSubscriptions } from '../../subscriptions';
import { GetPaymentMethod } from '../../payments';
import { PortalSessionNotFound, type PortalSession } from '../domain/portal-session';
import { PORTAL } from '../portal.tokens';
import type { PortalSessionRepository } from './ports/portal-session-repository';
import type { PortalSettings } from '../../../shared/domain/portal-settings';

/** An open portal session: whose objects it reaches, in which scope, and what the account allows there. */
export interface PortalVisit {
  session: PortalSession;
  scope: Scope;
  customerId: string;
  settings: PortalSettings;
}

/**
 * The one door of every portal endpoint: the session by its id (404 when unknown, 403
 * `portal_session_expired` after its hour), and the customer's own objects only. An id of another
 * customer's answers the same 404 as an id that does not exist.
 */
@injectable()
export class PortalAccess {
  constructor(
    @inject(PORTAL.PortalSessionRepository) private readonly sessions: PortalSessionRepository,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(ListSubscriptions) private readonly listSubscriptions: ListSubscriptions,
    @inject(GetSubscription) private readonly getSubscription: GetSubscription,
    @inject(GetPaymentMethod) private readonly getPaymentMethod: GetPaymentMethod,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async visit(id: string): Promise<PortalVisit> {
    const session = await this.sessions.findByIdUnscoped(id);
    if (!session) throw new PortalSessionNotFound(id);
    const scope = session.scopeAt(this.clock.now());
    const settings = (await this.getAccount.execute(session.accountId)).portal(session.livemode);
    return { session, scope, customerId: session.customerId, settings };
  }

  /** The customer's subscriptions, newest first. */
  async subscriptions(visit: PortalVisit) {
    return (await this.listSubscriptions.execute(visit.scope, { customer: visit.customerId }, { limit: 100 })).items;
  }

  /** One of the customer's subscriptions, or 404. */
  subscription(visit: PortalVisit, id: string) {
    return this.getSubscription.execute(visit.scope, id, visit.customerId);
  }

  /** One of the customer's saved cards, or 404. */
  card(visit: PortalVisit, id: string) {
    return this.getPaymentMethod.execute(visit.scope, id, visit.customerId);
  }
}
