import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { ProductParamNotFound } from '../domain/catalog-errors';
import { type CreatePriceInput as PriceFields, Price } from '../domain/price';
import { CATALOG } from '../catalog.tokens';
import type { PriceRepository, ProductRepository } from './ports/catalog-repository';

export interface CreatePriceInput extends PriceFields {
  product: string;
}

@injectable()
export class CreatePrice {
  constructor(
    @inject(CATALOG.ProductRepository) private readonly products: ProductRepository,
    @inject(CATALOG.PriceRepository) private readonly prices: PriceRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: CreatePriceInput): Promise<Price> {
    const product = await this.products.findById(scope, input.product);
    if (!product) throw new ProductParamNotFound(input.product);
    const price = Price.create(product, input, this.clock.now());
    await this.prices.add(price);
    return price;
  }
}
