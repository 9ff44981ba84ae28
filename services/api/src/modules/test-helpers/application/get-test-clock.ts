import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type TestClock, TestClockNotFound } from '../domain/test-clock';
import { TEST_HELPERS } from '../test-helpers.tokens';
import type { TestClockRepository } from './ports/test-clock-repository';

@injectable()
export class GetTestClock {
  constructor(@inject(TEST_HELPERS.TestClockRepository) private readonly clocks: TestClockRepository) {}

  async execute(scope: Scope, id: string): Promise<TestClock> {
    const clock = scope.livemode ? null : await this.clocks.findById(scope.accountId, id);
    if (!clock) throw new TestClockNotFound(id);
    return clock;
  }
}
