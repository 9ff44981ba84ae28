import { EntitySchema } from '@mikro-orm/postgresql';
import { TestClock } from '../../domain/test-clock';

export const TestClockSchema = new EntitySchema<TestClock>({
  class: TestClock,
  tableName: 'test_clocks',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    name: { type: 'string', nullable: true },
    frozenTime: { type: 'Date' },
    status: { type: 'string' },
    advancedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
  },
});
