import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { SubscriptionChangeRepository } from '../../application/ports/subscription-repository';
import { SubscriptionChange } from '../../domain/subscription-change';

const CHANGES = new AggregateTable(SubscriptionChange, ['status']);

@injectable()
export class PgSubscriptionChangeRepository implements SubscriptionChangeRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(change: SubscriptionChange): Promise<void> {
    return CHANGES.insert(this.em, [change]);
  }

  save(change: SubscriptionChange): Promise<void> {
    return CHANGES.save(this.em, [change]);
  }

  findForUpdate(id: string): Promise<SubscriptionChange | null> {
    return this.em.findOne(SubscriptionChange, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findById(id: string): Promise<SubscriptionChange | null> {
    return this.em.findOne(SubscriptionChange, { id }, { refresh: true });
  }

  pendingSince(before: Date, limit: number): Promise<SubscriptionChange[]> {
    return this.em.find(
      SubscriptionChange,
      { status: 'pending', createdAt: { $lt: before } },
      { orderBy: { createdAt: 'asc' }, limit, refresh: true },
    );
  }
}
