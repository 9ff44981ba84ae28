import type { Schemas } from '../../../shared/contract/contract';
import type { Price } from '../domain/price';
import type { Product } from '../domain/product';

export function toProductResponse(product: Product): Schemas['Product'] {
  return {
    id: product.id,
    object: 'product',
    name: product.name,
    description: product.description,
    active: product.active,
    metadata: product.metadata,
    livemode: product.livemode,
    created: product.createdAt.toISOString(),
  };
}

export function toPriceResponse(price: Price): Schemas['Price'] {
  return {
    id: price.id,
    object: 'price',
    product: price.productId,
    unit_amount: price.unitAmount,
    currency: price.currency,
    tax_mode: price.taxMode,
    type: price.type,
    recurring: price.recurringInterval ? { interval: price.recurringInterval, trial_period_days: price.trialPeriodDays } : null,
    active: price.active,
    metadata: price.metadata,
    livemode: price.livemode,
    created: price.createdAt.toISOString(),
  };
}
