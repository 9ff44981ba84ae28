import { describe, expect, it } from 'vitest';
import { TestClock } from './test-clock';

const now = new Date('2026-03-01T12:00:00Z');

describe('TestClock', () => {
  it('exists in test mode only', () => {
    expect(() => TestClock.create({ accountId: 'acct_1', livemode: true }, { frozenTime: now }, now)).toThrow(expect.objectContaining({ code: 'livemode_not_allowed' }));
  });

  it('moves only forward, advancing until its due work has run', () => {
    const clock = TestClock.create({ accountId: 'acct_1', livemode: false }, { frozenTime: now }, now);
    expect(() => clock.startAdvancing(now)).toThrow(expect.objectContaining({ code: 'clock_cannot_move_backwards', param: 'frozen_time' }));
    const to = new Date('2026-04-01T12:00:00Z');
    clock.startAdvancing(to);
    expect(clock).toMatchObject({ frozenTime: to, status: 'advancing' });
    clock.finishAdvancing();
    expect(clock.status).toBe('ready');
  });
});
