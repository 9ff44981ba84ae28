import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { TestClock } from '../domain/test-clock';
import { TEST_HELPERS } from '../test-helpers.tokens';
import type { TestClockRepository } from './ports/test-clock-repository';

@injectable()
export class CreateTestClock {
  constructor(
    @inject(TEST_HELPERS.TestClockRepository) private readonly clocks: TestClockRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: { frozenTime: Date; name?: string }): Promise<TestClock> {
    const testClock = TestClock.create(scope, input, this.clock.now());
    await this.clocks.add(testClock);
    return testClock;
  }
}
