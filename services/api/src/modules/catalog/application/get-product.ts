import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { ProductNotFound } from '../domain/catalog-errors';
import type { Product } from '../domain/product';
import { CATALOG } from '../catalog.tokens';
import type { ProductRepository } from './ports/catalog-repository';

@injectable()
export class GetProduct {
  constructor(@inject(CATALOG.ProductRepository) private readonly products: ProductRepository) {}

  async execute(scope: Scope, id: string): Promise<Product> {
    const product = await this.products.findById(scope, id);
    if (!product) throw new ProductNotFound(id);
    return product;
  }
}
