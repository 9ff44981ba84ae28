import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { AuditEntry } from '../../domain/audit-entry';
import type { DashboardSession } from '../../domain/dashboard-session';
import type { SignInThrottle } from '../../domain/sign-in-throttle';
import type { User } from '../../domain/user';

export interface UserRepository {
  findById(accountId: string, id: string): Promise<User | null>;
  /** The user, locked until the unit of work ends. */
  lockById(id: string): Promise<User | null>;
  /** The account's user with this (normalized) email, in any status. */
  findByEmail(accountId: string, email: string): Promise<User | null>;
  /** Active users with this email, in every account, most recently signed in first. */
  findActiveByEmail(email: string): Promise<User[]>;
  findByInvitationHash(hash: string): Promise<User | null>;
  /** The account's active owners, locked until the unit of work ends (so two changes cannot each leave the other as last owner). */
  lockOwners(accountId: string): Promise<User[]>;
  list(accountId: string, page: PageRequest): Promise<Page<User>>;
  add(user: User): Promise<void>;
  save(user: User): Promise<void>;
}

export interface DashboardSessionRepository {
  findById(id: string): Promise<DashboardSession | null>;
  findByTokenHash(hash: string): Promise<DashboardSession | null>;
  add(session: DashboardSession): Promise<void>;
  save(session: DashboardSession): Promise<void>;
  /** Ends every open session of the user. */
  endAllOf(userId: string, now: Date): Promise<void>;
}

export interface SignInThrottleRepository {
  /**
   * Counts an attempt of the email `id` at `now` in one atomic statement, starting a new window when the
   * last one (or its lock) is over and the lock when the count reaches `MAX_FAILURES`: the throttle after it.
   */
  count(id: string, now: Date): Promise<SignInThrottle>;
  /** A success: the count starts again. */
  remove(id: string): Promise<void>;
}

export interface AuditLog {
  /** One or many entries, in one statement. */
  add(...entries: AuditEntry[]): Promise<void>;
  list(accountId: string, filter: { userId?: string }, page: PageRequest): Promise<Page<AuditEntry>>;
}

/** argon2id. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}
