// The discounts module's face for other modules' specifications: fakes and mothers, never for production code.
export { aDiscountRule, InMemoryDiscountRules } from './application/testing/fakes';
