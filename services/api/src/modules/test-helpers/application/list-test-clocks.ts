import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { TestClock } from '../domain/test-clock';
import { TEST_HELPERS } from '../test-helpers.tokens';
import type { TestClockRepository } from './ports/test-clock-repository';

@injectable()
export class ListTestClocks {
  constructor(@inject(TEST_HELPERS.TestClockRepository) private readonly clocks: TestClockRepository) {}

  async execute(scope: Scope, page: PageRequest): Promise<Page<TestClock>> {
    if (scope.livemode) return { items: [], hasMore: false };
    return this.clocks.list(scope.accountId, page);
  }
}
