import { createHmac, hash } from 'node:crypto';
import { newId, randomBase62 } from '../../../shared/domain/ids';

/** A session ends after this long without a request. */
export const IDLE_LIMIT_MS = 12 * 60 * 60 * 1000;
/** How often a session's last use is written: at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

/** The cookie's value is the session's token; only its SHA-256 is stored. */
export function sessionTokenHash(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * The session's CSRF token, made from its secret cookie: a page of the dashboard learns it from the API,
 * a page of another site cannot, and nothing needs storing.
 */
export function csrfTokenOf(token: string): string {
  return createHmac('sha256', token).update('kupa-csrf').digest('base64url');
}

/** A signed-in browser of one user, until sign-out or 12 idle hours. */
export class DashboardSession {
  id!: string;
  accountId!: string;
  userId!: string;
  tokenHash!: string;
  address!: string | null;
  userAgent!: string | null;
  createdAt!: Date;
  lastSeenAt!: Date;
  endedAt!: Date | null;

  static open(input: { accountId: string; userId: string; address: string | null; userAgent: string | null }, now: Date) {
    const token = `ds_${randomBase62(40)}`;
    const session = new DashboardSession();
    session.id = newId('dses');
    session.accountId = input.accountId;
    session.userId = input.userId;
    session.tokenHash = sessionTokenHash(token);
    session.address = input.address;
    session.userAgent = input.userAgent?.slice(0, 255) ?? null;
    session.createdAt = now;
    session.lastSeenAt = now;
    session.endedAt = null;
    return { session, token };
  }

  activeAt(now: Date): boolean {
    return this.endedAt === null && now.getTime() - this.lastSeenAt.getTime() < IDLE_LIMIT_MS;
  }

  /** Notes a request; true when the change is worth writing. */
  touch(now: Date): boolean {
    if (now.getTime() - this.lastSeenAt.getTime() < TOUCH_EVERY_MS) return false;
    this.lastSeenAt = now;
    return true;
  }

  end(now: Date): void {
    this.endedAt ??= now;
  }
}
