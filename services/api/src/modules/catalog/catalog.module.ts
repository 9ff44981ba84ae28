import { bindSingletons } from '../../platform/di';
import { ContainerModule } from 'inversify';
import { CreatePrice } from './application/create-price';
import { FindCatalogItems } from './application/find-catalog-items';
import { CreateProduct } from './application/create-product';
import { GetPrice } from './application/get-price';
import { GetProduct } from './application/get-product';
import { ListPrices } from './application/list-prices';
import { ListProducts } from './application/list-products';
import { UpdatePrice, UpdateProduct } from './application/update-catalog';
import { CATALOG } from './catalog.tokens';
import { PgPriceRepository, PgProductRepository } from './infrastructure/postgres/catalog.repository';
import { PriceSchema, ProductSchema } from './infrastructure/postgres/catalog.schema';
import { CatalogRouter } from './interfaces/http/catalog.router';

export const catalogEntities = [ProductSchema, PriceSchema];

export const catalogModule = new ContainerModule(({ bind }) => {
  bind(CATALOG.ProductRepository).to(PgProductRepository).inSingletonScope();
  bind(CATALOG.PriceRepository).to(PgPriceRepository).inSingletonScope();
  bindSingletons(bind, [
    FindCatalogItems,
    CreateProduct,
    GetProduct,
    ListProducts,
    UpdateProduct,
    CreatePrice,
    GetPrice,
    ListPrices,
    UpdatePrice,
    CatalogRouter,
  ]);
});
