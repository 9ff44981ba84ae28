// The catalog module's public face: what other modules may use.
export { FindCatalogItems, inactivePrice } from './application/find-catalog-items';
export type { CatalogItems, CatalogPrice } from './application/find-catalog-items';
