import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { paginate } from '../../../../platform/persistence/pagination';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { TestClockRepository } from '../../application/ports/test-clock-repository';
import { TestClock } from '../../domain/test-clock';

const CLOCKS = new AggregateTable(TestClock, ['frozenTime', 'status', 'advancedAt']);

@injectable()
export class PgTestClockRepository implements TestClockRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findById(accountId: string, id: string): Promise<TestClock | null> {
    return this.em.findOne(TestClock, { accountId, id });
  }

  list(accountId: string, page: PageRequest): Promise<Page<TestClock>> {
    return paginate(this.em, TestClock, { accountId }, page);
  }

  add(clock: TestClock): Promise<void> {
    return CLOCKS.insert(this.em, [clock]);
  }

  save(clock: TestClock): Promise<void> {
    return CLOCKS.save(this.em, [clock]);
  }

  advancing(limit: number): Promise<TestClock[]> {
    return this.em.find(TestClock, { status: 'advancing' }, { orderBy: { advancedAt: 'asc' }, limit, refresh: true });
  }
}
