import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Price, PriceType } from '../../domain/price';
import type { Product } from '../../domain/product';

export interface ProductRepository {
  findById(scope: Scope, id: string): Promise<Product | null>;
  findMany(scope: Scope, ids: string[]): Promise<Product[]>;
  list(scope: Scope, page: PageRequest): Promise<Page<Product>>;
  /** Inserts a new one (a plain INSERT, no change tracking). */
  add(product: Product): Promise<void>;
  /** The product, locked for a change until the unit of work ends. */
  findForUpdate(scope: Scope, id: string): Promise<Product | null>;
  save(product: Product): Promise<void>;
}

export interface PriceFilter {
  product?: string;
  type?: PriceType;
}

export interface PriceRepository {
  findById(scope: Scope, id: string): Promise<Price | null>;
  findMany(scope: Scope, ids: string[]): Promise<Price[]>;
  list(scope: Scope, filter: PriceFilter, page: PageRequest): Promise<Page<Price>>;
  /** Inserts a new one (a plain INSERT, no change tracking). */
  add(price: Price): Promise<void>;
  /** The price, locked for a change until the unit of work ends. */
  findForUpdate(scope: Scope, id: string): Promise<Price | null>;
  save(price: Price): Promise<void>;
}
