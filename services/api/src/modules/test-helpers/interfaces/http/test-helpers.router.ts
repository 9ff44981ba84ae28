import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { toTestClockResponse } from '../../published/test-clock';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { AdvanceTestClock } from '../../application/advance-test-clock';
import { CreateTestClock } from '../../application/create-test-clock';
import { GetTestClock } from '../../application/get-test-clock';
import { ListTestClocks } from '../../application/list-test-clocks';

@injectable()
export class TestHelpersRouter {
  constructor(
    @inject(CreateTestClock) private readonly createTestClock: CreateTestClock,
    @inject(GetTestClock) private readonly getTestClock: GetTestClock,
    @inject(ListTestClocks) private readonly listTestClocks: ListTestClocks,
    @inject(AdvanceTestClock) private readonly advanceTestClock: AdvanceTestClock,
  ) {}

  handlers(): OperationHandlers {
    return {
      createTestClock: async ({ auth, body }) => {
        const clock = await this.createTestClock.execute(auth, { frozenTime: new Date(body.frozen_time), name: body.name });
        return { success: true, data: toTestClockResponse(clock) };
      },
      getTestClock: async ({ auth, params }) => ({
        success: true,
        data: toTestClockResponse(await this.getTestClock.execute(auth, params.id)),
      }),
      advanceTestClock: async ({ auth, params, body }) => ({
        success: true,
        data: toTestClockResponse(await this.advanceTestClock.execute(auth, params.id, new Date(body.frozen_time))),
      }),
      listTestClocks: async ({ auth, query }) => listReply(await this.listTestClocks.execute(auth, pageOf(query)), toTestClockResponse),
    };
  }
}
