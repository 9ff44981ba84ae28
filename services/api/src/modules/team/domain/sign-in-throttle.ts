import { hash } from 'node:crypto';
import { normalEmail } from './user';

/** Attempts that lock an email out, counted within a window of the same length as the lock. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;

/**
 * Sign-in attempts of one email that did not succeed, whether or not a user has it: a locked-out unknown
 * email answers as a locked-out known one, so the lock reveals nothing. Keyed by the email's hash.
 *
 * An attempt is counted before its password is checked, by one statement that adds it and answers the
 * count (the repository's `count`), so parallel guesses cannot all be checked before any is counted: at
 * most `MAX_FAILURES` passwords are checked in a window, however many arrive at once. The attempt that
 * reaches the limit starts the lock; a success clears the count.
 */
export class SignInThrottle {
  id!: string;
  /** Attempts counted in the window, the one being made included. */
  failures!: number;
  firstFailureAt!: Date;
  lockedUntil!: Date | null;

  static idOf(email: string): string {
    return hash('sha256', `sign-in:${normalEmail(email)}`, 'hex');
  }

  /** Seconds until another attempt is heard, when this attempt is past the limit; else 0 (its password is checked). */
  lockedFor(now: Date): number {
    if (this.failures <= MAX_FAILURES || !this.lockedUntil || now >= this.lockedUntil) return 0;
    return Math.ceil((this.lockedUntil.getTime() - now.getTime()) / 1000);
  }
}
