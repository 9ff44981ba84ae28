import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Metadata } from '../../../shared/domain/metadata';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { Product } from '../domain/product';
import { CATALOG } from '../catalog.tokens';
import type { ProductRepository } from './ports/catalog-repository';

export interface CreateProductInput {
  name: string;
  description?: string;
  metadata?: Metadata;
}

@injectable()
export class CreateProduct {
  constructor(
    @inject(CATALOG.ProductRepository) private readonly products: ProductRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: CreateProductInput): Promise<Product> {
    const product = Product.create(scope, input, this.clock.now());
    await this.products.add(product);
    return product;
  }
}
