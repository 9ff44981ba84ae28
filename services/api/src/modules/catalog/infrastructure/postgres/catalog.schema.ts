import { BigIntType, EntitySchema } from '@mikro-orm/postgresql';
import { Price } from '../../domain/price';
import { Product } from '../../domain/product';

export const ProductSchema = new EntitySchema<Product>({
  class: Product,
  tableName: 'products',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    name: { type: 'string' },
    description: { type: 'string', nullable: true },
    active: { type: 'boolean' },
    metadata: { type: 'json' },
    createdAt: { type: 'Date' },
  },
});

export const PriceSchema = new EntitySchema<Price>({
  class: Price,
  tableName: 'prices',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    productId: { type: 'string' },
    // Agorot as bigint in the database, a safe integer in memory.
    unitAmount: { type: new BigIntType('number') },
    currency: { type: 'string' },
    taxMode: { type: 'string' },
    type: { type: 'string' },
    recurringInterval: { type: 'string', nullable: true },
    trialPeriodDays: { type: 'integer', nullable: true },
    active: { type: 'boolean' },
    metadata: { type: 'json' },
    createdAt: { type: 'Date' },
  },
});
