import { inject, injectable } from 'inversify';
import { UpdateSubscription } from '../../subscriptions';
import { GetPortalPage } from './get-portal-page';
import type { PortalView } from './portal-view';
import { PortalAccess } from './portal-access';

/** The customer takes back a cancellation set for the period's end: the subscription renews again. */
@injectable()
export class ReactivatePortalSubscription {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(UpdateSubscription) private readonly update: UpdateSubscription,
    @inject(GetPortalPage) private readonly page: GetPortalPage,
  ) {}

  async execute(sessionId: string, subscriptionId: string): Promise<PortalView> {
    const visit = await this.access.visit(sessionId);
    await this.access.subscription(visit, subscriptionId);
    await this.update.execute(visit.scope, subscriptionId, { cancelAtPeriodEnd: false });
    return this.page.render(visit);
  }
}
