import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { paginate } from '../../../../platform/persistence/pagination';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { TestClockRepository } from '../../application/ports/test-clock-repository';
import { TestClock } from '../../domain/test-clock';

@injectable()
export class MikroOrmTestClockRepository implements TestClockRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findById(accountId: string, id: string): Promise<TestClock | null> {
    return this.em.findOne(TestClock, { accountId, id });
  }

  list(accountId: string, page: PageRequest): Promise<Page<TestClock>> {
    return paginate(this.em, TestClock, { accountId }, page);
  }

  async add(clock: TestClock): Promise<void> {
    await this.em.insert(clock);
  }

  async save(clock: TestClock): Promise<void> {
    await this.em.nativeUpdate(
      TestClock,
      { id: clock.id },
      { frozenTime: clock.frozenTime, status: clock.status, advancedAt: clock.advancedAt },
    );
  }

  advancing(limit: number): Promise<TestClock[]> {
    return this.em.find(TestClock, { status: 'advancing' }, { orderBy: { advancedAt: 'asc' }, limit, refresh: true });
  }
}
