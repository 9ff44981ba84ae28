import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Product } from '../domain/product';
import { CATALOG } from '../catalog.tokens';
import type { ProductRepository } from './ports/catalog-repository';

@injectable()
export class ListProducts {
  constructor(@inject(CATALOG.ProductRepository) private readonly products: ProductRepository) {}

  execute(scope: Scope, page: PageRequest): Promise<Page<Product>> {
    return this.products.list(scope, page);
  }
}
