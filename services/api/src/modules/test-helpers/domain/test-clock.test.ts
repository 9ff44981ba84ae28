import { describe, expect, it } from 'vitest';
import { TestClock } from './test-clock';

const now = new Date('2026-03-01T12:00:00Z');

describe('TestClock', () => {
  it('exists in test mode only', () => {
    expect(() => TestClock.create({ accountId: 'acct_1', livemode: true }, { frozenTime: now }, now)).toThrow(
      expect.objectContaining({ code: 'livemode_not_allowed' }),
    );
  });

  it('moves only forward, advancing until its due work has run', () => {
    const clock = TestClock.create({ accountId: 'acct_1', livemode: false }, { frozenTime: now }, now);
    expect(() => clock.startAdvancing(now, now)).toThrow(
      expect.objectContaining({ code: 'clock_cannot_move_backwards', param: 'frozen_time' }),
    );
    const to = new Date('2026-04-01T12:00:00Z');
    clock.startAdvancing(to, now);
    expect(clock).toMatchObject({ frozenTime: to, status: 'advancing', advancedAt: now });
    expect(clock.stands(to)).toBe(false);
    clock.finishAdvancing();
    expect(clock.status).toBe('ready');
    expect(clock.stands(to)).toBe(true);
    expect(clock.stands(new Date(to.getTime() - 1))).toBe(false);
    expect(() => clock.startAdvancing(to, now)).toThrow(expect.objectContaining({ code: 'clock_cannot_move_backwards' }));
  });

  it('resumes an advance cut short when asked for the same time, and counts as stuck once stale', () => {
    const clock = TestClock.create({ accountId: 'acct_1', livemode: false }, { frozenTime: now }, now);
    const to = new Date('2026-04-01T12:00:00Z');
    clock.startAdvancing(to, now);
    expect(clock.isStuck(new Date(now.getTime() + 5_000), 10_000)).toBe(false);
    expect(clock.isStuck(new Date(now.getTime() + 10_000), 10_000)).toBe(true);
    const later = new Date(now.getTime() + 60_000);
    clock.startAdvancing(to, later);
    expect(clock).toMatchObject({ frozenTime: to, status: 'advancing', advancedAt: later });
    expect(() => clock.startAdvancing(new Date('2026-03-15T00:00:00Z'), later)).toThrow(
      expect.objectContaining({ code: 'clock_cannot_move_backwards' }),
    );
  });
});
