import type { Schemas } from '../../../../platform/http/contract';
import type { CatalogPrice } from '../../../catalog';

/** A price the portal offers to switch to, or null when it cannot be (inactive, or not recurring). */
export function portalPrice(price: CatalogPrice | undefined): Schemas['PortalPrice'] | null {
  return price?.active && price.interval
    ? { id: price.id, name: price.productName, unit_amount: price.unitAmount, interval: price.interval }
    : null;
}
