import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { SubscriptionStartRepository } from '../../application/ports/subscription-repository';
import { SubscriptionStart } from '../../domain/subscription-start';

@injectable()
export class MikroOrmSubscriptionStartRepository implements SubscriptionStartRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(start: SubscriptionStart): Promise<void> {
    await this.em.insert(start);
  }

  async save(start: SubscriptionStart): Promise<void> {
    await this.em.nativeUpdate(SubscriptionStart, { id: start.id }, { status: start.status });
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
