import type { Page, PageRequest, Scope } from '../../../../shared/domain/scope';
import type { Price, PriceType } from '../../domain/price';
import type { Product } from '../../domain/product';

export interface ProductRepository {
  findById(scope: Scope, id: string): Promise<Product | null>;
  list(scope: Scope, page: PageRequest): Promise<Page<Product>>;
  save(product: Product): Promise<void>;
}

export interface PriceFilter {
  product?: string;
  type?: PriceType;
}

export interface PriceRepository {
  findById(scope: Scope, id: string): Promise<Price | null>;
  list(scope: Scope, filter: PriceFilter, page: PageRequest): Promise<Page<Price>>;
  save(price: Price): Promise<void>;
}
