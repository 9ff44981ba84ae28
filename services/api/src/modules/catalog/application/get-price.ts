import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { PriceNotFound } from '../domain/catalog-errors';
import type { Price } from '../domain/price';
import { CATALOG } from '../catalog.tokens';
import type { PriceRepository } from './ports/catalog-repository';

@injectable()
export class GetPrice {
  constructor(@inject(CATALOG.PriceRepository) private readonly prices: PriceRepository) {}

  async execute(scope: Scope, id: string): Promise<Price> {
    const price = await this.prices.findById(scope, id);
    if (!price) throw new PriceNotFound(id);
    return price;
  }
}
