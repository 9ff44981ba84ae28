import type { Page } from '../../../../shared/domain/page';
import type { Scope } from '../../../../shared/domain/scope';
import { InMemoryTable, type InMemoryUnitOfWork, inScope } from '../../../../testing/in-memory-unit-of-work';
import type { Subscription } from '../../domain/subscription';
import type { SubscriptionRepository } from '../ports/subscription-repository';

/** Subscriptions in memory. Nothing is locked: `lock` answers the row unless a specification says another worker holds it. */
export class InMemorySubscriptions implements SubscriptionRepository {
  readonly table: InMemoryTable<Subscription>;
  /** Ids another worker holds: `lock` and `lockMany` skip them, as `skip locked` does. */
  readonly heldElsewhere = new Set<string>();

  constructor(uow: InMemoryUnitOfWork) {
    this.table = new InMemoryTable(uow);
  }

  async renewingOnCards(cardIds: string[]) {
    return this.table.all().filter((s) => cardIds.includes(s.paymentMethodId) && s.status !== 'canceled' && !s.cancelAtPeriodEnd);
  }
  async anyOpen(scope: Scope, customerId: string) {
    return this.table.all().some((s) => inScope(s, scope) && s.customerId === customerId && s.status !== 'canceled');
  }
  async add(subscription: Subscription) {
    this.table.insert(subscription);
  }
  async countChanges(scope: Scope, period: { from: Date; before: Date }) {
    const within = (at: Date | null) => at !== null && at >= period.from && at < period.before;
    const mine = this.table.all().filter((s) => inScope(s, scope));
    return { started: mine.filter((s) => within(s.createdAt)).length, canceled: mine.filter((s) => within(s.canceledAt)).length };
  }
  async save(subscription: Subscription) {
    this.table.save(subscription);
  }
  async saveMany(subscriptions: Subscription[]) {
    subscriptions.forEach((subscription) => this.table.save(subscription));
  }
  async findById(scope: Scope, id: string) {
    const found = this.table.get(id);
    return found && inScope(found, scope) ? found : null;
  }
  async findByIdUnscoped(id: string) {
    return this.table.get(id);
  }
  async findManyUnscoped(ids: string[]) {
    return ids.flatMap((id) => this.table.get(id) ?? []);
  }
  async findForUpdate(id: string) {
    return this.table.get(id);
  }
  async lock(id: string) {
    return this.heldElsewhere.has(id) ? null : this.table.get(id);
  }
  async lockMany(ids: string[]) {
    return [...ids].sort().flatMap((id) => (this.heldElsewhere.has(id) ? [] : (this.table.get(id) ?? [])));
  }
  async list(scope: Scope): Promise<Page<Subscription>> {
    return { items: this.table.all().filter((subscription) => inScope(subscription, scope)), hasMore: false };
  }
  async dueIds(now: Date, clock: string | null, afterId: string | null, limit: number) {
    return this.table
      .all()
      .filter((s) => s.testClockId === clock && s.id > (afterId ?? '') && s.nextStep(now) !== null)
      .map((s) => s.id)
      .sort()
      .slice(0, limit);
  }
}

/** Customers' credit balances in memory (agorot; negative is credit), as `CustomerBalance` keeps them. */
export class InMemoryBalances {
  readonly balances = new Map<string, number>();

  async withCredit(customerIds: string[]): Promise<string[]> {
    return customerIds.filter((id) => (this.balances.get(id) ?? 0) < 0);
  }

  async credit(_scope: Scope, customerId: string, amount: number): Promise<void> {
    this.balances.set(customerId, (this.balances.get(customerId) ?? 0) - amount);
  }

  async take(_scope: Scope, customerId: string, upTo: number): Promise<number> {
    const taken = Math.max(0, Math.min(upTo, -(this.balances.get(customerId) ?? 0)));
    this.balances.set(customerId, (this.balances.get(customerId) ?? 0) + taken);
    return taken;
  }
}
