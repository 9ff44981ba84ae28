import { inject, injectable } from 'inversify';
import { changedAttributes } from '../../../shared/domain/changed-attributes';
import type { Scope } from '../../../shared/domain/scope';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { RecordEvent } from '../../events';
import { PriceNotFound, ProductNotFound } from '../domain/catalog-errors';
import type { Price, UpdatePriceInput } from '../domain/price';
import type { Product, UpdateProductInput } from '../domain/product';
import { CATALOG } from '../catalog.tokens';
import type { PriceRepository, ProductRepository } from './ports/catalog-repository';
import { toPriceResponse, toProductResponse } from '../published/catalog';

/** Changes a product (name, description, active, metadata), under its row lock, with `product.updated`. */
@injectable()
export class UpdateProduct {
  constructor(
    @inject(CATALOG.ProductRepository) private readonly products: ProductRepository,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  execute(scope: Scope, id: string, input: UpdateProductInput): Promise<Product> {
    return this.uow.join(async () => {
      const product = await this.products.findForUpdate(scope, id);
      if (!product) throw new ProductNotFound(id);
      const before = toProductResponse(product);
      product.update(input);
      await this.products.save(product);
      const after = toProductResponse(product);
      await this.recordEvent.execute(scope, 'product.updated', after, changedAttributes(before, after));
      return product;
    });
  }
}

/** Changes a price (active, metadata; never its amount), under its row lock, with `price.updated`. */
@injectable()
export class UpdatePrice {
  constructor(
    @inject(CATALOG.PriceRepository) private readonly prices: PriceRepository,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  execute(scope: Scope, id: string, input: UpdatePriceInput): Promise<Price> {
    return this.uow.join(async () => {
      const price = await this.prices.findForUpdate(scope, id);
      if (!price) throw new PriceNotFound(id);
      const before = toPriceResponse(price);
      price.update(input);
      await this.prices.save(price);
      const after = toPriceResponse(price);
      await this.recordEvent.execute(scope, 'price.updated', after, changedAttributes(before, after));
      return price;
    });
  }
}
