import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Price } from '../domain/price';
import { CATALOG } from '../catalog.tokens';
import type { PriceFilter, PriceRepository } from './ports/catalog-repository';

@injectable()
export class ListPrices {
  constructor(@inject(CATALOG.PriceRepository) private readonly prices: PriceRepository) {}

  execute(scope: Scope, filter: PriceFilter, page: PageRequest): Promise<Page<Price>> {
    return this.prices.list(scope, filter, page);
  }
}
