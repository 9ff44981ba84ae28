import { ArrayType, BigIntType, EntitySchema } from '@mikro-orm/postgresql';
import { DiscountRule } from '../../domain/discount-rule';

export const DiscountRuleSchema = new EntitySchema<DiscountRule>({
  class: DiscountRule,
  tableName: 'discounts',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    name: { type: 'string' },
    code: { type: 'string', nullable: true },
    automatic: { type: 'boolean' },
    percentOff: { type: 'integer', nullable: true },
    amountOff: { type: new BigIntType('number'), nullable: true },
    currency: { type: 'string', nullable: true },
    appliesToPrices: { type: ArrayType },
    appliesToProducts: { type: ArrayType },
    startsAt: { type: 'Date', nullable: true },
    expiresAt: { type: 'Date', nullable: true },
    maxRedemptions: { type: 'integer', nullable: true },
    timesRedeemed: { type: 'integer' },
    duration: { type: 'string' },
    durationInMonths: { type: 'integer', nullable: true },
    active: { type: 'boolean' },
    metadata: { type: 'json' },
    createdAt: { type: 'Date' },
  },
});
