import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { DiscountRule } from '../../domain/discount-rule';

export interface DiscountRuleRepository {
  add(rule: DiscountRule): Promise<void>;
  save(rule: DiscountRule): Promise<void>;
  findById(scope: Scope, id: string): Promise<DiscountRule | null>;
  list(scope: Scope, filter: { code?: string }, page: PageRequest): Promise<Page<DiscountRule>>;
  /** Every rule under any of these codes (case-insensitive), whatever its state. */
  findByCodes(scope: Scope, codes: string[]): Promise<DiscountRule[]>;
  /** The automatic rules and every rule under these codes: the candidates for pricing a checkout. */
  findCandidates(scope: Scope, codes: string[]): Promise<DiscountRule[]>;
  /**
   * In the caller's transaction: one redemption of each rule for the checkout session (once per session),
   * counted in `times_redeemed` only while under `max_redemptions`. Answers the rules that had run out.
   */
  reserve(scope: Scope, sessionId: string, ruleIds: string[], now: Date): Promise<string[]>;
  /** Gives back the sessions' redemptions (a payment failed, or they expired unpaid). */
  release(sessionIds: string[]): Promise<void>;
}
