import type { Schemas } from '../../../shared/contract/contract';
import type { TestClock } from '../domain/test-clock';

export function toTestClockResponse(clock: TestClock): Schemas['TestClock'] {
  return {
    id: clock.id,
    object: 'test_clock',
    name: clock.name,
    frozen_time: clock.frozenTime.toISOString(),
    status: clock.status,
    livemode: false,
    created: clock.createdAt.toISOString(),
  };
}
