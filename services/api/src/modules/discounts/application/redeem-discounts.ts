import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import type { Pricing } from './price-checkout';
import { DISCOUNTS } from '../discounts.tokens';
import type { DiscountRuleRepository } from './ports/discount-rule-repository';

/**
 * The redemptions of a checkout's discounts, held from the moment its payment starts (in that
 * transaction) so at most `max_redemptions` paid sessions carry a discount however many pay at once; given
 * back when the payment fails or the session expires unpaid.
 */
@injectable()
export class RedeemDiscounts {
  constructor(
    @inject(DISCOUNTS.DiscountRuleRepository) private readonly rules: DiscountRuleRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /**
   * Holds one redemption of each discount the pricing used, for the session; a discount that ran out
   * since the shopper saw the total answers 400 `exhausted` (the caller's transaction then rolls back).
   */
  async hold(scope: Scope, sessionId: string, pricing: Pricing): Promise<void> {
    const linked = pricing.linked.map(({ rule }) => rule);
    if (linked.length === 0) return;
    const exhausted = await this.rules.reserve(
      scope,
      sessionId,
      linked.map((rule) => rule.id),
      this.clock.now(),
    );
    if (exhausted.length > 0) {
      const codes = linked.filter((rule) => exhausted.includes(rule.id)).map((rule) => rule.code ?? rule.name);
      throw new DomainError(
        'exhausted',
        `The discount ${codes.join(', ')} has just run out, so the total has changed: review the new total and pay again`,
        'discounts',
      );
    }
  }

  /** Gives back the redemptions the sessions hold. */
  release(sessionIds: string[]): Promise<void> {
    return this.rules.release(sessionIds);
  }
}
