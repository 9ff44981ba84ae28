import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
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
    return CLOCKS.findOne(this.em, { accountId, id });
  }

  list(accountId: string, page: PageRequest): Promise<Page<TestClock>> {
    return CLOCKS.page(this.em, { accountId }, page);
  }

  add(clock: TestClock): Promise<void> {
    return CLOCKS.insert(this.em, [clock]);
  }

  save(clock: TestClock): Promise<void> {
    return CLOCKS.save(this.em, [clock]);
  }

  advancing(limit: number): Promise<TestClock[]> {
    return CLOCKS.find(this.em, { status: 'advancing' }, { orderBy: { advancedAt: 'asc' }, limit, fresh: true });
  }
}
