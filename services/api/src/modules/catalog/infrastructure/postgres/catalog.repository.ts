import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { PriceFilter, PriceRepository, ProductRepository } from '../../application/ports/catalog-repository';
import { Price } from '../../domain/price';
import { Product } from '../../domain/product';

const PRODUCTS = new AggregateTable(Product, ['name', 'description', 'active', 'metadata']);
const PRICES = new AggregateTable(Price, ['active', 'metadata']);

const inScope = (scope: Scope) => ({ accountId: scope.accountId, livemode: scope.livemode });

@injectable()
export class PgProductRepository implements ProductRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findById(scope: Scope, id: string): Promise<Product | null> {
    return PRODUCTS.findOne(this.em, { ...inScope(scope), id });
  }

  async findMany(scope: Scope, ids: string[]): Promise<Product[]> {
    return ids.length === 0
      ? []
      : PRODUCTS.select(this.em, 'select * from products where account_id = $1 and livemode = $2 and id = any($3)', [
          scope.accountId,
          scope.livemode,
          ids,
        ]);
  }

  list(scope: Scope, page: PageRequest): Promise<Page<Product>> {
    return PRODUCTS.page(this.em, inScope(scope), page);
  }

  add(product: Product): Promise<void> {
    return PRODUCTS.insert(this.em, [product]);
  }

  findForUpdate(scope: Scope, id: string): Promise<Product | null> {
    return PRODUCTS.lockedInScope(this.em, scope, id);
  }

  save(product: Product): Promise<void> {
    return PRODUCTS.save(this.em, [product]);
  }
}

@injectable()
export class PgPriceRepository implements PriceRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findById(scope: Scope, id: string): Promise<Price | null> {
    return PRICES.findOne(this.em, { ...inScope(scope), id });
  }

  async findMany(scope: Scope, ids: string[]): Promise<Price[]> {
    return ids.length === 0
      ? []
      : PRICES.select(this.em, 'select * from prices where account_id = $1 and livemode = $2 and id = any($3)', [
          scope.accountId,
          scope.livemode,
          ids,
        ]);
  }

  list(scope: Scope, filter: PriceFilter, page: PageRequest): Promise<Page<Price>> {
    const where: FilterQuery<Price> = { ...inScope(scope) };
    if (filter.product) where.productId = filter.product;
    if (filter.type) where.type = filter.type;
    return PRICES.page(this.em, where, page);
  }

  add(price: Price): Promise<void> {
    return PRICES.insert(this.em, [price]);
  }

  findForUpdate(scope: Scope, id: string): Promise<Price | null> {
    return PRICES.lockedInScope(this.em, scope, id);
  }

  save(price: Price): Promise<void> {
    return PRICES.save(this.em, [price]);
  }
}
