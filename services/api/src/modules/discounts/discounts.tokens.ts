export const DISCOUNTS = {
  DiscountRuleRepository: Symbol.for('DiscountRuleRepository'),
};
