import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { TestClock } from '../../domain/test-clock';

export interface TestClockRepository {
  findById(accountId: string, id: string): Promise<TestClock | null>;
  list(accountId: string, page: PageRequest): Promise<Page<TestClock>>;
  /** Inserts a new one (a plain INSERT, no change tracking). */
  add(clock: TestClock): Promise<void>;
  save(clock: TestClock): Promise<void>;
  /** Clocks whose advance has not finished, the oldest first. */
  advancing(limit: number): Promise<TestClock[]>;
}
