import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { toProductResponse, toPriceResponse } from '../../published/catalog';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { CreatePrice } from '../../application/create-price';
import { CreateProduct } from '../../application/create-product';
import { GetPrice } from '../../application/get-price';
import { GetProduct } from '../../application/get-product';
import { ListPrices } from '../../application/list-prices';
import { ListProducts } from '../../application/list-products';
import { UpdatePrice, UpdateProduct } from '../../application/update-catalog';

@injectable()
export class CatalogRouter {
  constructor(
    @inject(CreateProduct) private readonly createProduct: CreateProduct,
    @inject(GetProduct) private readonly getProduct: GetProduct,
    @inject(ListProducts) private readonly listProducts: ListProducts,
    @inject(CreatePrice) private readonly createPrice: CreatePrice,
    @inject(GetPrice) private readonly getPrice: GetPrice,
    @inject(ListPrices) private readonly listPrices: ListPrices,
    @inject(UpdateProduct) private readonly updateProduct: UpdateProduct,
    @inject(UpdatePrice) private readonly updatePrice: UpdatePrice,
  ) {}

  handlers(): OperationHandlers {
    return {
      createProduct: async ({ auth, body }) => ({ success: true, data: toProductResponse(await this.createProduct.execute(auth, body)) }),
      updateProduct: async ({ auth, params, body }) => ({
        success: true,
        data: toProductResponse(await this.updateProduct.execute(auth, params.id, body)),
      }),
      updatePrice: async ({ auth, params, body }) => ({
        success: true,
        data: toPriceResponse(await this.updatePrice.execute(auth, params.id, body)),
      }),
      getProduct: async ({ auth, params }) => ({ success: true, data: toProductResponse(await this.getProduct.execute(auth, params.id)) }),
      listProducts: async ({ auth, query }) => listReply(await this.listProducts.execute(auth, pageOf(query)), toProductResponse),
      createPrice: async ({ auth, body }) => {
        const price = await this.createPrice.execute(auth, {
          product: body.product,
          unitAmount: body.unit_amount,
          currency: body.currency,
          taxMode: body.tax_mode,
          type: body.type,
          recurring: body.recurring && { interval: body.recurring.interval, trialPeriodDays: body.recurring.trial_period_days },
          metadata: body.metadata,
        });
        return { success: true, data: toPriceResponse(price) };
      },
      getPrice: async ({ auth, params }) => ({ success: true, data: toPriceResponse(await this.getPrice.execute(auth, params.id)) }),
      listPrices: async ({ auth, query }) =>
        listReply(await this.listPrices.execute(auth, { product: query.product, type: query.type }, pageOf(query)), toPriceResponse),
    };
  }
}
