import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { paginate } from '../../../../platform/persistence/pagination';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { DiscountRuleRepository } from '../../application/ports/discount-rule-repository';
import { DiscountRule, normalizeCode } from '../../domain/discount-rule';

@injectable()
export class MikroOrmDiscountRuleRepository implements DiscountRuleRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(rule: DiscountRule): Promise<void> {
    await this.em.insert(rule);
  }

  async save(rule: DiscountRule): Promise<void> {
    await this.em.nativeUpdate(DiscountRule, { id: rule.id }, { active: rule.active, timesRedeemed: rule.timesRedeemed });
  }

  findById(scope: Scope, id: string): Promise<DiscountRule | null> {
    return this.em.findOne(DiscountRule, { accountId: scope.accountId, livemode: scope.livemode, id });
  }

  list(scope: Scope, filter: { code?: string }, page: PageRequest): Promise<Page<DiscountRule>> {
    const where: FilterQuery<DiscountRule> = { accountId: scope.accountId, livemode: scope.livemode };
    if (filter.code) where.code = { $ilike: filter.code.trim().replace(/[\\%_]/g, (c) => `\\${c}`) };
    return paginate(this.em, DiscountRule, where, page);
  }

  async findByCodes(scope: Scope, codes: string[]): Promise<DiscountRule[]> {
    if (codes.length === 0) return [];
    return this.em
      .createQueryBuilder(DiscountRule)
      .where({ accountId: scope.accountId, livemode: scope.livemode })
      .andWhere('code_key in (?)', [codes.map(normalizeCode)])
      .getResultList();
  }

  async redeem(scope: Scope, ruleIds: string[]): Promise<void> {
    await this.em.getConnection().execute(
      'update discounts set times_redeemed = times_redeemed + 1 where account_id = ? and livemode = ? and id in (?)',
      [scope.accountId, scope.livemode, ruleIds],
      'run',
      this.em.getTransactionContext(),
    );
  }

  async findCandidates(scope: Scope, codes: string[]): Promise<DiscountRule[]> {
    const query = this.em.createQueryBuilder(DiscountRule).where({ accountId: scope.accountId, livemode: scope.livemode });
    // Knex spreads an array binding into a list, so an empty one must not reach `in (?)`.
    if (codes.length === 0) return query.andWhere({ automatic: true }).getResultList();
    return query.andWhere('(automatic or code_key in (?))', [codes.map(normalizeCode)]).getResultList();
  }
}
