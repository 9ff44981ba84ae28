import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { Scope } from '../../../../shared/domain/scope';
import type { Period } from '../../../../shared/domain/period';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { SubscriptionRepository } from '../../application/ports/subscription-repository';
import { Subscription, type SubscriptionStatus, TRIAL_WILL_END_NOTICE_MS } from '../../domain/subscription';

/** What changes on a subscription after it starts: plan, status, period, dunning, cancellation. */
const SUBSCRIPTIONS = new AggregateTable(Subscription, [
  'priceId',
  'paymentMethodId',
  'plan',
  'quantity',
  'status',
  'resumesAt',
  'prorations',
  'pendingChangeId',
  'metadata',
  'anchor',
  'trialEnd',
  'periodIndex',
  'currentPeriodStart',
  'currentPeriodEnd',
  'trialWillEndSent',
  'cancelAtPeriodEnd',
  'canceledAt',
  'cancellationReason',
  'failedAttempts',
  'firstFailureAt',
  'nextRetryAt',
  'dunningEndsAt',
]);

@injectable()
export class PgSubscriptionRepository implements SubscriptionRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(subscription: Subscription): Promise<void> {
    return SUBSCRIPTIONS.insert(this.em, [subscription]);
  }

  save(subscription: Subscription): Promise<void> {
    return SUBSCRIPTIONS.save(this.em, [subscription]);
  }

  saveMany(subscriptions: Subscription[]): Promise<void> {
    return SUBSCRIPTIONS.save(this.em, subscriptions);
  }

  findById(scope: Scope, id: string): Promise<Subscription | null> {
    return SUBSCRIPTIONS.findOne(this.em, { accountId: scope.accountId, livemode: scope.livemode, id }, { fresh: true });
  }

  findByIdUnscoped(id: string): Promise<Subscription | null> {
    return SUBSCRIPTIONS.findOne(this.em, { id }, { fresh: true });
  }

  findManyUnscoped(ids: string[]): Promise<Subscription[]> {
    return SUBSCRIPTIONS.find(this.em, { id: { $in: ids } }, { orderBy: { id: 'asc' }, fresh: true });
  }

  findForUpdate(id: string): Promise<Subscription | null> {
    return SUBSCRIPTIONS.lock(this.em, id);
  }

  lock(id: string): Promise<Subscription | null> {
    return SUBSCRIPTIONS.lock(this.em, id, 'skip');
  }

  lockMany(ids: string[]): Promise<Subscription[]> {
    return SUBSCRIPTIONS.find(this.em, { id: { $in: ids } }, { orderBy: { id: 'asc' }, lock: 'skip' });
  }

  async countChanges(scope: Scope, period: Period): Promise<{ started: number; canceled: number }> {
    const [row] = await sqlRows<{ started: string; canceled: string }>(
      this.em,
      `select count(*) filter (where created_at >= $3 and created_at < $4) as started,
              count(*) filter (where canceled_at >= $3 and canceled_at < $4) as canceled
         from subscriptions
        where account_id = $1 and livemode = $2 and (created_at >= $3 or canceled_at >= $3)`,
      [scope.accountId, scope.livemode, period.from, period.before],
    );
    return { started: Number(row.started), canceled: Number(row.canceled) };
  }

  list(scope: Scope, filter: { customer?: string; status?: SubscriptionStatus }, page: PageRequest): Promise<Page<Subscription>> {
    const where: FilterQuery<Subscription> = { accountId: scope.accountId, livemode: scope.livemode };
    if (filter.customer) where.customerId = filter.customer;
    if (filter.status) where.status = filter.status;
    return SUBSCRIPTIONS.page(this.em, where, page);
  }

  renewingOnCards(cardIds: string[]): Promise<Subscription[]> {
    return SUBSCRIPTIONS.select(
      this.em,
      `select * from subscriptions where payment_method_id = any($1) and status <> 'canceled' and not cancel_at_period_end order by id`,
      [cardIds],
    );
  }

  async anyOpen(scope: Scope, customerId: string): Promise<boolean> {
    const rows = await sqlRows(
      this.em,
      `select 1 from subscriptions where account_id = $1 and livemode = $2 and customer_id = $3 and status <> 'canceled' limit 1`,
      [scope.accountId, scope.livemode, customerId],
    );
    return rows.length > 0;
  }

  async dueIds(now: Date, clock: string | null, afterId: string | null, limit: number): Promise<string[]> {
    const notice = new Date(now.getTime() + TRIAL_WILL_END_NOTICE_MS);
    const rows = await sqlRows<{ id: string }>(
      this.em,
      `select id from subscriptions
       where test_clock_id is not distinct from $1 and id > $2
         and ((status in ('trialing', 'active', 'paused') and current_period_end <= $3)
           or (status = 'past_due' and (next_retry_at <= $3 or dunning_ends_at <= $3))
           or (status = 'paused' and resumes_at <= $3)
           or (period_index = -1 and status in ('trialing', 'paused') and not trial_will_end_sent and trial_end <= $4))
       order by id limit $5`,
      [clock, afterId ?? '', now, notice, limit],
    );
    return rows.map((row) => row.id);
  }
}
