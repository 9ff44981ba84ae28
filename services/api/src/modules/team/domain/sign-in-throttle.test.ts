import { describe, expect, it } from 'vitest';
import { LOCK_MS, MAX_FAILURES, SignInThrottle } from './sign-in-throttle';

const now = new Date('2026-11-28T10:00:00Z');
const throttle = (failures: number, lockedUntil: Date | null) =>
  Object.assign(new SignInThrottle(), { id: SignInThrottle.idOf('a@b.co.il'), failures, firstFailureAt: now, lockedUntil });

describe('SignInThrottle', () => {
  it('lets the attempts up to the limit have their password checked, the one that starts the lock included', () => {
    expect(throttle(1, null).lockedFor(now)).toBe(0);
    expect(throttle(MAX_FAILURES, new Date(now.getTime() + LOCK_MS)).lockedFor(now)).toBe(0);
  });

  it('refuses an attempt past the limit until the lock ends, and says how long in whole seconds', () => {
    const lockedUntil = new Date(now.getTime() + LOCK_MS);
    expect(throttle(MAX_FAILURES + 1, lockedUntil).lockedFor(now)).toBe(LOCK_MS / 1000);
    expect(throttle(MAX_FAILURES + 40, lockedUntil).lockedFor(new Date(lockedUntil.getTime() - 1500))).toBe(2);
    expect(throttle(MAX_FAILURES + 1, lockedUntil).lockedFor(lockedUntil)).toBe(0);
  });

  it('keys the count by the email as it is normalised, never the email itself', () => {
    expect(SignInThrottle.idOf(' A@B.co.il ')).toBe(SignInThrottle.idOf('a@b.co.il'));
    expect(SignInThrottle.idOf('a@b.co.il')).not.toContain('a@b');
  });
});
