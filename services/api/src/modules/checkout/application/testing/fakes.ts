import { normalizeCode } from '../../../../shared/domain/coupon-code';
import type { Page } from '../../../../shared/domain/page';
import type { Scope } from '../../../../shared/domain/scope';
import { InMemoryTable, type InMemoryUnitOfWork } from '../../../../testing/in-memory-unit-of-work';
import type { DiscountRuleRepository } from '../../../discounts/application/ports/discount-rule-repository';
import type { DiscountRule } from '../../../discounts/domain/discount-rule';
import type { CheckoutSession } from '../../domain/checkout-session';
import type { CheckoutSessionRepository } from '../ports/checkout-session-repository';

const inScope = (row: Scope, scope: Scope) => row.accountId === scope.accountId && row.livemode === scope.livemode;

export class InMemoryCheckoutSessions implements CheckoutSessionRepository {
  readonly table: InMemoryTable<CheckoutSession>;

  constructor(uow: InMemoryUnitOfWork) {
    this.table = new InMemoryTable(uow);
  }

  async add(session: CheckoutSession) {
    this.table.insert(session);
  }
  async findById(scope: Scope, id: string) {
    const session = this.table.get(id);
    return session && inScope(session, scope) ? session : null;
  }
  async findByIdUnscoped(id: string) {
    return this.table.get(id);
  }
  async findForUpdate(id: string) {
    return this.table.get(id);
  }
  async list(scope: Scope): Promise<Page<CheckoutSession>> {
    return { items: this.table.all().filter((session) => inScope(session, scope)), hasMore: false };
  }
  async save(session: CheckoutSession) {
    this.table.save(session);
  }
  async saveMany(sessions: CheckoutSession[]) {
    sessions.forEach((session) => this.table.save(session));
  }
  async addCode(id: string, code: string) {
    const session = this.table.get(id)!;
    if (session.status === 'pending' && !session.appliedCodes.includes(code))
      this.table.save(Object.assign(session, { appliedCodes: [...session.appliedCodes, code] }));
  }
  async removeCode(id: string, code: string) {
    const session = this.table.get(id)!;
    if (session.status === 'pending')
      this.table.save(Object.assign(session, { appliedCodes: session.appliedCodes.filter((c) => c !== code) }));
  }
  async takeCodeTry(): Promise<Date | null> {
    return null;
  }
  async giveBackCodeTry() {}
  async lockDue(now: Date, limit: number) {
    return this.table
      .all()
      .filter((session) => session.isDue(now))
      .slice(0, limit);
  }
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
