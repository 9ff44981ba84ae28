import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { SubscriptionStartRepository } from '../../application/ports/subscription-repository';
import { SubscriptionStart } from '../../domain/subscription-start';

const STARTS = new AggregateTable(SubscriptionStart, ['status']);

@injectable()
export class PgSubscriptionStartRepository implements SubscriptionStartRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(start: SubscriptionStart): Promise<void> {
    return STARTS.insert(this.em, [start]);
  }

  save(start: SubscriptionStart): Promise<void> {
    return STARTS.save(this.em, [start]);
  }

  findForUpdate(id: string): Promise<SubscriptionStart | null> {
    return this.em.findOne(SubscriptionStart, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findById(id: string): Promise<SubscriptionStart | null> {
    return this.em.findOne(SubscriptionStart, { id }, { refresh: true });
  }

  pendingSince(before: Date, limit: number): Promise<SubscriptionStart[]> {
    return this.em.find(
      SubscriptionStart,
      { status: 'pending', createdAt: { $lt: before } },
      { orderBy: { createdAt: 'asc' }, limit, refresh: true },
    );
  }
}
