import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, nextRetryDelay, parseRetryAfter } from './retry-policy';

describe('nextRetryDelay', () => {
  it('spaces three retries 5 s, 5 min and 30 min apart within ±20 %, then gives up', () => {
    for (const random of [0, 0.5, 0.999]) {
      const delays = [1, 2, 3].map((attempt) => nextRetryDelay(DEFAULT_RETRY_POLICY, attempt, undefined, () => random)!);
      [5_000, 300_000, 1_800_000].forEach((base, i) => {
        expect(delays[i]).toBeGreaterThanOrEqual(base * 0.8);
        expect(delays[i]).toBeLessThanOrEqual(base * 1.2);
      });
    }
    expect(nextRetryDelay(DEFAULT_RETRY_POLICY, 4, undefined, Math.random)).toBeUndefined();
  });

  it('honours Retry-After up to an hour, but never past the last attempt', () => {
    expect(nextRetryDelay(DEFAULT_RETRY_POLICY, 1, 120_000, Math.random)).toBe(120_000);
    expect(nextRetryDelay(DEFAULT_RETRY_POLICY, 2, 7_200_000, Math.random)).toBe(3_600_000);
    expect(nextRetryDelay(DEFAULT_RETRY_POLICY, 4, 1_000, Math.random)).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
