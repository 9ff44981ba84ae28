/** Attempts after the first: a delivery is tried at most `schedule.length + 1` times. */
export interface RetryPolicy {
  /** Base delays before retry 1, 2, 3… in milliseconds. */
  scheduleMs: number[];
  /** ± this fraction of jitter spreads retries of many failing deliveries apart. */
  jitter: number;
  /** A receiver's `Retry-After` is honoured up to this. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  scheduleMs: [5_000, 300_000, 1_800_000],
  jitter: 0.2,
  maxRetryAfterMs: 3_600_000,
};

/**
 * The delay before the attempt after `attempt` (1-based), or undefined when the delivery is abandoned.
 * `retryAfterMs` is the receiver's wish, honoured up to the cap instead of the schedule.
 */
export function nextRetryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number | undefined {
  const base = policy.scheduleMs[attempt - 1];
  if (base === undefined) return undefined;
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, 0), policy.maxRetryAfterMs);
  const factor = 1 - policy.jitter + 2 * policy.jitter * random();
  return Math.round(base * factor);
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}
