import { normalizeCode } from '../../../../shared/domain/coupon-code';
import type { Page } from '../../../../shared/domain/page';
import type { Scope } from '../../../../shared/domain/scope';
import { InMemoryTable, type InMemoryUnitOfWork, inScope } from '../../../../testing/in-memory-unit-of-work';
import { type CreateDiscountInput, DiscountRule } from '../../domain/discount-rule';
import type { DiscountRuleRepository } from '../ports/discount-rule-repository';

/** A rule as a merchant creates it: a percentage under a code unless told otherwise. */
export function aDiscountRule(scope: Scope, input: Partial<CreateDiscountInput> & { code: string }, now: Date): DiscountRule {
  return DiscountRule.create(scope, { name: input.code, percentOff: input.amountOff === undefined ? 10 : undefined, ...input }, now);
}

/** Discount rules and their redemptions, one per rule and session, counted against the cap. */
export class InMemoryDiscountRules implements DiscountRuleRepository {
  readonly table: InMemoryTable<DiscountRule>;
  private redemptions = new Set<string>();

  constructor(uow: InMemoryUnitOfWork) {
    this.table = new InMemoryTable(uow);
    uow.track(() => {
      const before = new Set(this.redemptions);
      return () => (this.redemptions = before);
    });
  }

  async add(rule: DiscountRule) {
    this.table.insert(rule);
  }
  async save(rule: DiscountRule) {
    this.table.save(rule);
  }
  async findById(scope: Scope, id: string) {
    const rule = this.table.get(id);
    return rule && inScope(rule, scope) ? rule : null;
  }
  async list(scope: Scope): Promise<Page<DiscountRule>> {
    return { items: this.table.all().filter((rule) => inScope(rule, scope)), hasMore: false };
  }
  async findByCodes(scope: Scope, codes: string[]) {
    const keys = new Set(codes.map(normalizeCode));
    return this.table.all().filter((rule) => inScope(rule, scope) && rule.code !== null && keys.has(normalizeCode(rule.code)));
  }
  async findCandidates(scope: Scope, codes: string[]) {
    const keys = new Set(codes.map(normalizeCode));
    return this.table
      .all()
      .filter((rule) => inScope(rule, scope) && (rule.automatic || (rule.code !== null && keys.has(normalizeCode(rule.code)))));
  }
  async reserve(_scope: Scope, sessionId: string, ruleIds: string[]) {
    const exhausted: string[] = [];
    for (const id of [...new Set(ruleIds)].sort()) {
      if (this.redemptions.has(`${id}:${sessionId}`)) continue;
      const rule = this.table.get(id)!;
      if (rule.maxRedemptions !== null && rule.timesRedeemed >= rule.maxRedemptions) {
        exhausted.push(id);
        continue;
      }
      this.table.save(Object.assign(rule, { timesRedeemed: rule.timesRedeemed + 1 }));
      this.redemptions.add(`${id}:${sessionId}`);
    }
    return exhausted;
  }
  async release(sessionIds: string[]) {
    for (const key of [...this.redemptions]) {
      const [id, sessionId] = key.split(':');
      if (!sessionIds.includes(sessionId)) continue;
      this.redemptions.delete(key);
      const rule = this.table.get(id)!;
      this.table.save(Object.assign(rule, { timesRedeemed: rule.timesRedeemed - 1 }));
    }
  }
}
