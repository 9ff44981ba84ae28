import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { asMissingParam } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { GetCustomer } from '../../customers';
import { EMAIL_PORTAL_SESSION_TTL_MS, type PortalLocale, PortalSession } from '../domain/portal-session';
import { PORTAL, type PortalModuleSettings } from '../portal.tokens';
import type { PortalSessionRepository } from './ports/portal-session-repository';

export interface CreatePortalSessionInput {
  customer: string;
  returnUrl?: string;
  locale?: PortalLocale;
}

/** A one-hour link to a customer's portal, on the checkout host. */
@injectable()
export class CreatePortalSession {
  constructor(
    @inject(PORTAL.PortalSessionRepository) private readonly sessions: PortalSessionRepository,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(PORTAL.Settings) private readonly settings: PortalModuleSettings,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: CreatePortalSessionInput): Promise<{ session: PortalSession; url: string }> {
    await this.getCustomer.execute(scope, input.customer).catch(asMissingParam('customer_not_found', 'customer', input.customer));
    const session = PortalSession.open(
      scope,
      { customerId: input.customer, returnUrl: input.returnUrl ?? null, locale: input.locale ?? 'he' },
      this.clock.now(),
    );
    await this.sessions.add(session);
    return { session, url: this.urlOf(session.id) };
  }

  /**
   * The portal link an email carries (a dunning email, a card about to expire): a session of its own that
   * works for a week, in the customer's portal as Hebrew first shows it.
   */
  async forEmail(scope: Scope, customerId: string): Promise<string> {
    const session = PortalSession.open(scope, { customerId, returnUrl: null, locale: 'he' }, this.clock.now(), EMAIL_PORTAL_SESSION_TTL_MS);
    await this.sessions.add(session);
    return this.urlOf(session.id);
  }

  /** Where the customer opens the portal session `id`. */
  urlOf(id: string): string {
    return `${this.settings.checkoutHostUrl}/portal/${id}`;
  }
}
