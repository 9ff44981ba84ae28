import { type EntityManager, type FilterQuery, LockMode } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { paginate } from '../../../../platform/persistence/pagination';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { saveProperties } from '../../../../platform/persistence/transaction-connection';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { SubscriptionRepository } from '../../application/ports/subscription-repository';
import { Subscription, type SubscriptionStatus, TRIAL_WILL_END_NOTICE_MS } from '../../domain/subscription';

/** What the renewal run changes on a subscription: status, period, dunning, cancellation. */
const RENEWAL_CHANGES: Array<keyof Subscription & string> = [
  'status',
  'periodIndex',
  'currentPeriodStart',
  'currentPeriodEnd',
  'trialWillEndSent',
  'cancelAtPeriodEnd',
  'canceledAt',
  'failedAttempts',
  'firstFailureAt',
  'nextRetryAt',
];

@injectable()
export class MikroOrmSubscriptionRepository implements SubscriptionRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(subscription: Subscription): Promise<void> {
    await this.em.insert(subscription);
  }

  async save(subscription: Subscription): Promise<void> {
    const { id, ...changes } = subscription;
    await this.em.nativeUpdate(Subscription, { id }, changes);
  }

  saveMany(subscriptions: Subscription[]): Promise<void> {
    return saveProperties(this.em, subscriptions, RENEWAL_CHANGES);
  }

  findById(scope: Scope, id: string): Promise<Subscription | null> {
    return this.em.findOne(Subscription, { accountId: scope.accountId, livemode: scope.livemode, id }, { refresh: true });
  }

  findByIdUnscoped(id: string): Promise<Subscription | null> {
    return this.em.findOne(Subscription, { id }, { refresh: true });
  }

  findManyUnscoped(ids: string[]): Promise<Subscription[]> {
    return this.em.find(Subscription, { id: { $in: ids } }, { orderBy: { id: 'asc' }, refresh: true });
  }

  findForUpdate(id: string): Promise<Subscription | null> {
    return this.em.findOne(Subscription, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  async lock(id: string): Promise<Subscription | null> {
    const rows = await this.em
      .getConnection()
      .execute('select id from subscriptions where id = ? for update skip locked', [id], 'all', this.em.getTransactionContext());
    if (rows.length === 0) return null;
    return this.em.findOne(Subscription, { id }, { refresh: true });
  }

  lockMany(ids: string[]): Promise<Subscription[]> {
    return this.em.find(
      Subscription,
      { id: { $in: ids } },
      { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, refresh: true },
    );
  }

  list(scope: Scope, filter: { customer?: string; status?: SubscriptionStatus }, page: PageRequest): Promise<Page<Subscription>> {
    const where: FilterQuery<Subscription> = { accountId: scope.accountId, livemode: scope.livemode };
    if (filter.customer) where.customerId = filter.customer;
    if (filter.status) where.status = filter.status;
    return paginate(this.em, Subscription, where, page);
  }

  async dueIds(now: Date, clock: string | null, afterId: string | null, limit: number): Promise<string[]> {
    const notice = new Date(now.getTime() + TRIAL_WILL_END_NOTICE_MS);
    const rows = await this.em.getConnection().execute(
      `select id from subscriptions
       where test_clock_id is not distinct from ? and id > ?
         and ((status = 'active' and current_period_end <= ?)
           or (status = 'past_due' and next_retry_at <= ?)
           or (status = 'active' and period_index = -1 and not trial_will_end_sent and trial_end <= ?))
       order by id limit ?`,
      [clock, afterId ?? '', now, now, notice, limit],
    );
    return rows.map((row) => String(row.id));
  }
}
