import { hash } from 'node:crypto';
import { normalEmail } from './user';

/** Failures that lock an email out, counted within a window of the same length as the lock. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;

/**
 * Failed sign-ins of one email, whether or not a user has it: a locked-out unknown email answers as a
 * locked-out known one, so the lock reveals nothing. Keyed by the email's hash.
 */
export class SignInThrottle {
  id!: string;
  failures!: number;
  firstFailureAt!: Date;
  lockedUntil!: Date | null;

  static idOf(email: string): string {
    return hash('sha256', `sign-in:${normalEmail(email)}`, 'hex');
  }

  static fresh(email: string, now: Date): SignInThrottle {
    const throttle = new SignInThrottle();
    throttle.id = SignInThrottle.idOf(email);
    throttle.failures = 0;
    throttle.firstFailureAt = now;
    throttle.lockedUntil = null;
    return throttle;
  }

  /** Seconds until another attempt is heard, or 0. */
  lockedFor(now: Date): number {
    if (!this.lockedUntil || now >= this.lockedUntil) return 0;
    return Math.ceil((this.lockedUntil.getTime() - now.getTime()) / 1000);
  }

  failed(now: Date): void {
    if (now.getTime() - this.firstFailureAt.getTime() >= LOCK_MS || (this.lockedUntil && now >= this.lockedUntil)) {
      this.failures = 0;
      this.firstFailureAt = now;
      this.lockedUntil = null;
    }
    this.failures++;
    if (this.failures >= MAX_FAILURES) this.lockedUntil = new Date(now.getTime() + LOCK_MS);
  }
}
