// The discounts module's public face: what other modules may use.
export { EvaluateCouponCode } from './application/evaluate-coupon-code';
export { FindUnknownCodes } from './application/find-unknown-codes';
export { PriceCheckout } from './application/price-checkout';
export type { CheckoutToPrice, Pricing } from './application/price-checkout';
export { RedeemDiscounts } from './application/redeem-discounts';
