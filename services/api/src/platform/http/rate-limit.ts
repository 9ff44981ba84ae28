import type { Request, RequestHandler, Response } from 'express';
import { RateLimited } from '../../shared/domain/domain-error';
import type { AuthContext } from './authentication';
import { sendError } from './error-mapper';

/** A token bucket: `perSecond` tokens a second, holding at most `burst`. */
export interface BucketRule {
  perSecond: number;
  burst: number;
}

/** Buckets shared by every API process (PostgreSQL). */
export interface RateBucketStore {
  /** Takes up to `want` tokens from the bucket `key`: how many it got, how many are left, when the next comes. */
  take(key: string, want: number, rule: BucketRule): Promise<{ granted: number; left: number; nextTokenInSeconds: number }>;
}

/**
 * A process takes tokens from the shared bucket a tenth of a second's worth at a time (at least 10) and
 * spends them on its own for up to a second: one database call serves many requests, and the processes
 * together never exceed the bucket (tokens a process leaves unspent are lost, never lent twice).
 */
const LEASE_MS = 1_000;
const leaseOf = (rule: BucketRule) => Math.min(rule.burst, Math.max(10, Math.ceil(rule.perSecond / 10)));

/** What the limiter decided, and what is left (for the `RateLimit` header). */
export interface Admission {
  /** Null when the request may go on; otherwise the seconds to wait. */
  wait: number | null;
  /** Requests left right now (what this process holds, plus the shared bucket when it last looked). */
  remaining: number;
}

/** A limiter keyed by whatever `keyOf` picks from the request (an account, an IP address). */
export class RateLimiter {
  private readonly leases = new Map<string, { tokens: number; until: number; bucketLeft: number }>();
  /** The take from the shared bucket in flight for a key: concurrent requests wait for it, not take again. */
  private readonly refills = new Map<string, Promise<number | null>>();

  constructor(
    private readonly store: RateBucketStore,
    readonly rule: BucketRule,
  ) {}

  /** At once while this process holds tokens for the key; otherwise after taking more from the shared bucket. */
  admit(key: string): Admission | Promise<Admission> {
    if (this.spend(key)) return { wait: null, remaining: this.remaining(key) };
    return this.admitAfterRefill(key);
  }

  private async admitAfterRefill(key: string): Promise<Admission> {
    for (;;) {
      if (this.spend(key)) return { wait: null, remaining: this.remaining(key) };
      let refill = this.refills.get(key);
      if (!refill) {
        refill = this.refill(key).finally(() => this.refills.delete(key));
        this.refills.set(key, refill);
      }
      const wait = await refill;
      if (wait !== null) return { wait, remaining: 0 };
    }
  }

  private spend(key: string): boolean {
    const lease = this.leases.get(key);
    if (!lease || lease.tokens === 0 || lease.until <= Date.now()) return false;
    lease.tokens--;
    return true;
  }

  private remaining(key: string): number {
    const lease = this.leases.get(key);
    return lease ? Math.floor(lease.tokens + lease.bucketLeft) : 0;
  }

  /** Null once tokens are leased; otherwise the seconds until the shared bucket has one. */
  private async refill(key: string): Promise<number | null> {
    const { granted, left, nextTokenInSeconds } = await this.store.take(key, leaseOf(this.rule), this.rule);
    if (granted === 0) return nextTokenInSeconds;
    const now = Date.now();
    this.leases.set(key, { tokens: granted, until: now + LEASE_MS, bucketLeft: left });
    if (this.leases.size > 10_000) {
      for (const [stale, lease] of this.leases) if (lease.until <= now) this.leases.delete(stale);
    }
    return null;
  }
}

/**
 * Every answer carries `RateLimit: limit=<burst>, remaining=<left>, reset=<seconds until full>`; once
 * the caller's bucket is empty the answer is 429 `rate_limited` with `Retry-After`.
 */
export function rateLimit(limiter: RateLimiter, keyOf: (req: Request, res: Response) => string, message: string): RequestHandler {
  const { burst, perSecond } = limiter.rule;
  const answer = ({ wait, remaining }: Admission, res: Response, next: () => void) => {
    res.setHeader('RateLimit', `limit=${burst}, remaining=${remaining}, reset=${Math.ceil((burst - remaining) / perSecond)}`);
    if (wait === null) return next();
    sendError(res, new RateLimited(message, wait));
  };
  return (req, res, next) => {
    const admission = limiter.admit(keyOf(req, res));
    if (admission instanceof Promise) return admission.then((admitted) => answer(admitted, res, next));
    answer(admission, res, next);
  };
}

/** Authenticated requests share the bucket of their account and mode (all its keys together). */
export const byAccount = (_req: Request, res: Response) => {
  const auth = res.locals.auth as AuthContext;
  return `account:${auth.accountId}:${auth.livemode ? 'live' : 'test'}`;
};

/** Public requests (the checkout page's) share the bucket of their client's address. */
export const byAddress = (req: Request) => `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
