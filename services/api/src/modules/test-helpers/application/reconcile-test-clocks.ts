import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { settleEach } from '../../../shared/domain/settle-each';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { TEST_HELPERS, type TestHelperSettings } from '../test-helpers.tokens';
import { AdvanceTestClock } from './advance-test-clock';
import type { TestClockRepository } from './ports/test-clock-repository';

/**
 * The reconciler's part for test clocks: an advance still running `advanceStaleMs` after it began was cut
 * short by a crash (a renewal may have reached the processor); it is finished, on the clock's time.
 */
@injectable()
export class ReconcileTestClocks {
  constructor(
    @inject(TEST_HELPERS.TestClockRepository) private readonly clocks: TestClockRepository,
    @inject(AdvanceTestClock) private readonly advance: AdvanceTestClock,
    @inject(TEST_HELPERS.Settings) private readonly settings: TestHelperSettings,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<number> {
    const now = this.clock.now();
    const stuck = (await this.clocks.advancing(100)).filter((clock) => clock.isStuck(now, this.settings.advanceStaleMs));
    return settleEach(
      async (limit) => stuck.splice(0, limit),
      (clock) => this.advance.finish(clock),
    );
  }
}
