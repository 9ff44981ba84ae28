import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { DiscountRuleRepository } from '../../application/ports/discount-rule-repository';
import { DiscountRule, normalizeCode } from '../../domain/discount-rule';

/** What a merchant changes on a rule; its redemption count changes by statements of their own, under its row lock. */
const RULES = new AggregateTable(DiscountRule, ['active', 'metadata']);

@injectable()
export class PgDiscountRuleRepository implements DiscountRuleRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(rule: DiscountRule): Promise<void> {
    return RULES.insert(this.em, [rule]);
  }

  save(rule: DiscountRule): Promise<void> {
    return RULES.save(this.em, [rule]);
  }

  findById(scope: Scope, id: string): Promise<DiscountRule | null> {
    return RULES.findOne(this.em, { accountId: scope.accountId, livemode: scope.livemode, id });
  }

  list(scope: Scope, filter: { code?: string }, page: PageRequest): Promise<Page<DiscountRule>> {
    const where: FilterQuery<DiscountRule> = { accountId: scope.accountId, livemode: scope.livemode };
    if (filter.code) where.code = { $ilike: filter.code.trim().replace(/[\\%_]/g, (c) => `\\${c}`) };
    return RULES.page(this.em, where, page);
  }

  async findByCodes(scope: Scope, codes: string[]): Promise<DiscountRule[]> {
    if (codes.length === 0) return [];
    return RULES.select(this.em, 'select * from discounts where account_id = $1 and livemode = $2 and code_key = any($3)', [
      scope.accountId,
      scope.livemode,
      codes.map(normalizeCode),
    ]);
  }

  async reserve(scope: Scope, sessionId: string, ruleIds: string[], now: Date): Promise<string[]> {
    const exhausted: string[] = [];
    // In id order, so two sessions reserving the same rules never wait on each other in a circle.
    for (const ruleId of [...new Set(ruleIds)].sort()) {
      const held = await sqlRows(this.em, 'select 1 from discount_redemptions where discount_id = $1 and checkout_session_id = $2', [
        ruleId,
        sessionId,
      ]);
      if (held.length > 0) continue;
      // The row lock makes a racing reservation wait, then see the count this one left.
      const counted = await sqlRows(
        this.em,
        `update discounts set times_redeemed = times_redeemed + 1
          where id = $1 and account_id = $2 and livemode = $3 and (max_redemptions is null or times_redeemed < max_redemptions)
          returning id`,
        [ruleId, scope.accountId, scope.livemode],
      );
      if (counted.length === 0) exhausted.push(ruleId);
      else
        await sqlRows(this.em, 'insert into discount_redemptions (discount_id, checkout_session_id, created_at) values ($1, $2, $3)', [
          ruleId,
          sessionId,
          now,
        ]);
    }
    return exhausted;
  }

  async release(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const released = await sqlRows<{ discount_id: string; count: number }>(
      this.em,
      `with released as (delete from discount_redemptions where checkout_session_id = any($1) returning discount_id)
       select discount_id, count(*)::int as count from released group by discount_id order by discount_id`,
      [sessionIds],
    );
    // In id order, as reservations take them.
    for (const { discount_id: ruleId, count } of released)
      await sqlRows(this.em, 'update discounts set times_redeemed = times_redeemed - $1 where id = $2', [count, ruleId]);
  }

  async findCandidates(scope: Scope, codes: string[]): Promise<DiscountRule[]> {
    return RULES.select(this.em, 'select * from discounts where account_id = $1 and livemode = $2 and (automatic or code_key = any($3))', [
      scope.accountId,
      scope.livemode,
      codes.map(normalizeCode),
    ]);
  }
}
