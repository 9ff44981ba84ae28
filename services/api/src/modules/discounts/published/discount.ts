import type { Schemas } from '../../../shared/contract/contract';
import type { DiscountRule } from '../domain/discount-rule';

export function toDiscountResponse(rule: DiscountRule): Schemas['Discount'] {
  return {
    id: rule.id,
    object: 'discount',
    name: rule.name,
    code: rule.code,
    automatic: rule.automatic,
    percent_off: rule.percentOff,
    amount_off: rule.amountOff,
    currency: rule.currency,
    applies_to: { prices: rule.appliesToPrices, products: rule.appliesToProducts },
    starts_at: rule.startsAt?.toISOString() ?? null,
    expires_at: rule.expiresAt?.toISOString() ?? null,
    max_redemptions: rule.maxRedemptions,
    times_redeemed: rule.timesRedeemed,
    duration: rule.duration,
    duration_in_months: rule.durationInMonths,
    active: rule.active,
    metadata: rule.metadata,
    livemode: rule.livemode,
    created: rule.createdAt.toISOString(),
  };
}
