import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../shared/domain/domain-error';
import { FindCatalogItems } from '../../catalog';
import { PreviewSubscriptionChange } from '../../subscriptions';
import { PortalAccess, type PortalVisit } from './portal-access';
import { planOption, type PlanOption, type SwitchPreview } from './portal-view';

/** What switching a subscription to `price` would cost, as the portal switches (DESIGN §3d): changes nothing. */
@injectable()
export class PreviewPortalSwitch {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(PreviewSubscriptionChange) private readonly preview: PreviewSubscriptionChange,
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
  ) {}

  async execute(sessionId: string, subscriptionId: string, priceId: string): Promise<SwitchPreview> {
    const visit = await this.access.visit(sessionId);
    await this.access.subscription(visit, subscriptionId);
    const price = await allowedPrice(this.catalog, visit, priceId);
    const upcoming = await this.preview.execute(visit.scope, subscriptionId, {
      price: priceId,
      prorationBehavior: visit.settings.prorationBehavior,
    });
    return {
      price,
      chargedNow: upcoming.chargedNow,
      amountDue: upcoming.amountDue,
      credit: upcoming.credited,
      lines: upcoming.lines,
      date: upcoming.date,
    };
  }
}

/** A price the account lets its customers switch to (active and recurring), or 400 `price_not_allowed`. */
export async function allowedPrice(catalog: FindCatalogItems, visit: PortalVisit, priceId: string): Promise<PlanOption> {
  const offered = visit.settings.allowedPrices.includes(priceId)
    ? planOption((await catalog.execute(visit.scope, { prices: [priceId] })).prices.get(priceId))
    : null;
  if (!offered) throw new ValidationError('price_not_allowed', `The plan '${priceId}' is not one this portal switches to`, 'price');
  return offered;
}
