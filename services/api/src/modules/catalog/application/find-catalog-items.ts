import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { BillingInterval } from '../../../shared/domain/plan';
import type { Scope } from '../../../shared/domain/scope';
import { CATALOG } from '../catalog.tokens';
import type { PriceRepository, ProductRepository } from './ports/catalog-repository';

export interface CatalogPrice {
  id: string;
  product: string;
  productName: string;
  unitAmount: number;
  currency: string;
  type: 'one_time' | 'recurring';
  interval: BillingInterval | null;
  trialPeriodDays: number | null;
  /** An inactive price starts nothing new: 400 `price_inactive`. */
  active: boolean;
}

export interface CatalogItems {
  prices: Map<string, CatalogPrice>;
  products: Map<string, { id: string; name: string }>;
}

/** Prices (with their product's name) and products of the scope, by id; unknown ids are simply absent. */
@injectable()
export class FindCatalogItems {
  constructor(
    @inject(CATALOG.ProductRepository) private readonly products: ProductRepository,
    @inject(CATALOG.PriceRepository) private readonly prices: PriceRepository,
  ) {}

  async execute(scope: Scope, ids: { prices?: string[]; products?: string[] }): Promise<CatalogItems> {
    const prices = await this.prices.findMany(scope, [...new Set(ids.prices ?? [])]);
    const productIds = new Set([...(ids.products ?? []), ...prices.map((price) => price.productId)]);
    const products = await this.products.findMany(scope, [...productIds]);
    const names = new Map(products.map((product) => [product.id, product.name]));
    return {
      prices: new Map(
        prices.map((price) => [
          price.id,
          {
            id: price.id,
            product: price.productId,
            productName: names.get(price.productId) ?? '',
            unitAmount: price.unitAmount,
            currency: price.currency,
            type: price.type,
            interval: price.recurringInterval,
            trialPeriodDays: price.trialPeriodDays,
            active: price.active,
          },
        ]),
      ),
      products: new Map(products.map((product) => [product.id, { id: product.id, name: product.name }])),
    };
  }
}

/** 400 `price_inactive` on `param`: an inactive price starts no new session or subscription. */
export function inactivePrice(id: string, param: string): ValidationError {
  return new ValidationError('price_inactive', `The price '${id}' is inactive: it starts nothing new`, param);
}
