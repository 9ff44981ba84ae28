import { inject, injectable } from 'inversify';
import { FindCatalogItems } from '../../catalog';
import { UpdateSubscription } from '../../subscriptions';
import { GetPortalPage } from './get-portal-page';
import type { PortalView } from './portal-view';
import { PortalAccess } from './portal-access';
import { allowedPrice } from './preview-portal-switch';

/**
 * The customer moves a subscription to another allowed price, prorated as the account's portal says:
 * the same change as `POST /v1/subscriptions/{id}`, with its events and its charge made once (a repeat
 * finds the price already set and changes nothing; one racing it answers 409).
 */
@injectable()
export class SwitchPortalPlan {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
    @inject(UpdateSubscription) private readonly update: UpdateSubscription,
    @inject(GetPortalPage) private readonly page: GetPortalPage,
  ) {}

  async execute(sessionId: string, subscriptionId: string, priceId: string): Promise<PortalView> {
    const visit = await this.access.visit(sessionId);
    await this.access.subscription(visit, subscriptionId);
    await allowedPrice(this.catalog, visit, priceId);
    await this.update.execute(visit.scope, subscriptionId, { price: priceId, prorationBehavior: visit.settings.prorationBehavior });
    return this.page.render(visit);
  }
}
