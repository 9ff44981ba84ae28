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
  /** Adds one to each rule's `times_redeemed`, atomically. */
  redeem(scope: Scope, ruleIds: string[]): Promise<void>;
}
