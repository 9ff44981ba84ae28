import type { Request, RequestHandler, Response } from 'express';
import { RateLimited } from '../../shared/domain/domain-error';
import type { AuthContext } from './contract-router';
import { sendError } from './error-mapper';

/** A token bucket: `perSecond` tokens a second, holding at most `burst`. */
export interface BucketRule {
  perSecond: number;
  burst: number;
}

/** Buckets shared by every API process (PostgreSQL). */
export interface RateBucketStore {
  /** Takes up to `want` tokens from the bucket `key`: how many it got, and when the next one comes. */
  take(key: string, want: number, rule: BucketRule): Promise<{ granted: number; nextTokenInSeconds: number }>;
}

/**
 * How many tokens a process takes from the shared bucket at once and spends on its own for up to a
 * second: one database call serves many requests, and the processes together never exceed the bucket.
 */
const LEASE = 10;
const LEASE_MS = 1_000;

/** A limiter keyed by whatever `keyOf` picks from the request (an account, an IP address). */
export class RateLimiter {
  private readonly leases = new Map<string, { tokens: number; until: number }>();
  /** The take from the shared bucket in flight for a key: concurrent requests wait for it, not take again. */
  private readonly refills = new Map<string, Promise<number | null>>();

  constructor(
    private readonly store: RateBucketStore,
    private readonly rule: BucketRule,
  ) {}

  /** Null when the request may go on; otherwise how many seconds to wait. */
  async admit(key: string): Promise<number | null> {
    for (;;) {
      if (this.spend(key)) return null;
      let refill = this.refills.get(key);
      if (!refill) {
        refill = this.refill(key).finally(() => this.refills.delete(key));
        this.refills.set(key, refill);
      }
      const wait = await refill;
      if (wait !== null) return wait;
    }
  }

  private spend(key: string): boolean {
    const lease = this.leases.get(key);
    if (!lease || lease.tokens === 0 || lease.until <= Date.now()) return false;
    lease.tokens--;
    return true;
  }

  /** Null once tokens are leased; otherwise the seconds until the shared bucket has one. */
  private async refill(key: string): Promise<number | null> {
    const { granted, nextTokenInSeconds } = await this.store.take(key, Math.min(LEASE, this.rule.burst), this.rule);
    if (granted === 0) return nextTokenInSeconds;
    const now = Date.now();
    this.leases.set(key, { tokens: granted, until: now + LEASE_MS });
    if (this.leases.size > 10_000) {
      for (const [stale, lease] of this.leases) if (lease.until <= now) this.leases.delete(stale);
    }
    return null;
  }
}

/** Answers 429 `rate_limited` with `Retry-After` once the caller's bucket is empty. */
export function rateLimit(limiter: RateLimiter, keyOf: (req: Request, res: Response) => string, message: string): RequestHandler {
  return async (req, res, next) => {
    const wait = await limiter.admit(keyOf(req, res));
    if (wait === null) return next();
    sendError(res, new RateLimited(message, wait));
  };
}

/** Authenticated requests share the bucket of their account and mode (all its keys together). */
export const byAccount = (_req: Request, res: Response) => {
  const auth = res.locals.auth as AuthContext;
  return `account:${auth.accountId}:${auth.livemode ? 'live' : 'test'}`;
};

/** Public requests (the checkout page's) share the bucket of their client's address. */
export const byAddress = (req: Request) => `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
