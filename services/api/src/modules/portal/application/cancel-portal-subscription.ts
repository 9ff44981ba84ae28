import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { CancellationReason } from '../../../shared/domain/portal-settings';
import { CancelSubscription } from '../../subscriptions';
import { GetPortalPage } from './get-portal-page';
import type { PortalView } from './portal-view';
import { PortalAccess } from './portal-access';

/** The customer cancels, now or at the period's end as the account's portal says, with one of the reasons it offers. */
@injectable()
export class CancelPortalSubscription {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(CancelSubscription) private readonly cancel: CancelSubscription,
    @inject(GetPortalPage) private readonly page: GetPortalPage,
  ) {}

  async execute(sessionId: string, subscriptionId: string, reason?: CancellationReason): Promise<PortalView> {
    const visit = await this.access.visit(sessionId);
    const subscription = await this.access.subscription(visit, subscriptionId);
    if (reason !== undefined && !visit.settings.cancellationReasons.includes(reason))
      throw new ValidationError('parameter_invalid', `'${reason}' is not a reason this portal offers`, 'reason');
    // Asked twice (a double click): the first one's cancellation stands.
    if (subscription.status !== 'canceled' && !(visit.settings.cancelMode === 'at_period_end' && subscription.cancelAtPeriodEnd))
      await this.cancel.execute(visit.scope, subscriptionId, visit.settings.cancelMode === 'at_period_end', reason);
    return this.page.render(visit);
  }
}
