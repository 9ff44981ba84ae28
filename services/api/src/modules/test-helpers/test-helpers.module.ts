import { bindSingletons } from '../../platform/di';
import { ContainerModule } from 'inversify';
import { AdvanceTestClock } from './application/advance-test-clock';
import { CreateTestClock } from './application/create-test-clock';
import { GetTestClock } from './application/get-test-clock';
import { ListTestClocks } from './application/list-test-clocks';
import { ReconcileTestClocks } from './application/reconcile-test-clocks';
import { PgTestClockRepository } from './infrastructure/postgres/test-clock.repository';
import { TestClockSchema } from './infrastructure/postgres/test-clock.schema';
import { TestHelpersRouter } from './interfaces/http/test-helpers.router';
import { TEST_HELPERS } from './test-helpers.tokens';

export const testHelpersEntities = [TestClockSchema];

/** Needs TEST_HELPERS.Settings bound by the composition root. */
export const testHelpersModule = new ContainerModule(({ bind }) => {
  bind(TEST_HELPERS.TestClockRepository).to(PgTestClockRepository).inSingletonScope();
  bindSingletons(bind, [AdvanceTestClock, CreateTestClock, GetTestClock, ListTestClocks, TestHelpersRouter, ReconcileTestClocks]);
});
