import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import { CreateDiscount } from './application/create-discount';
import { UpdateDiscount } from './application/update-discount';
import { EvaluateCouponCode } from './application/evaluate-coupon-code';
import { FindUnknownCodes } from './application/find-unknown-codes';
import { GetDiscount } from './application/get-discount';
import { ListDiscounts } from './application/list-discounts';
import { PriceCheckout } from './application/price-checkout';
import { RedeemDiscounts } from './application/redeem-discounts';
import { DISCOUNTS } from './discounts.tokens';
import { PgDiscountRuleRepository } from './infrastructure/postgres/discount.repository';
import { DiscountRuleSchema } from './infrastructure/postgres/discount.schema';
import { DiscountsRouter } from './interfaces/http/discounts.router';

export const discountsEntities = [DiscountRuleSchema];

export const discountsModule = new ContainerModule(({ bind }) => {
  bind(DISCOUNTS.DiscountRuleRepository).to(PgDiscountRuleRepository).inSingletonScope();
  bindSingletons(bind, [
    CreateDiscount,
    GetDiscount,
    ListDiscounts,
    UpdateDiscount,
    PriceCheckout,
    EvaluateCouponCode,
    FindUnknownCodes,
    RedeemDiscounts,
    DiscountsRouter,
  ]);
});
