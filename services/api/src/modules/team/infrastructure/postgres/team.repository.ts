import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type {
  AuditLog,
  DashboardSessionRepository,
  SignInThrottleRepository,
  UserRepository,
} from '../../application/ports/team-repositories';
import { AuditEntry } from '../../domain/audit-entry';
import { DashboardSession } from '../../domain/dashboard-session';
import { LOCK_MS, MAX_FAILURES, SignInThrottle } from '../../domain/sign-in-throttle';
import { User } from '../../domain/user';

const USERS = new AggregateTable(User, [
  'name',
  'role',
  'status',
  'passwordHash',
  'totpSecret',
  'totpPending',
  'totpLastStep',
  'invitationHash',
  'invitationExpiresAt',
  'lastSignInAt',
]);
const SESSIONS = new AggregateTable(DashboardSession, ['lastSeenAt', 'endedAt']);
const THROTTLES = new AggregateTable(SignInThrottle, ['failures', 'firstFailureAt', 'lockedUntil']);
/** An audit entry is never changed. */
const AUDIT_LOG = new AggregateTable(AuditEntry, []);

@injectable()
export class PgUserRepository implements UserRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findById(accountId: string, id: string): Promise<User | null> {
    return USERS.first(this.em, 'select * from users where account_id = $1 and id = $2', [accountId, id]);
  }

  lockById(id: string): Promise<User | null> {
    return USERS.lock(this.em, id);
  }

  findByEmail(accountId: string, email: string): Promise<User | null> {
    return USERS.first(this.em, 'select * from users where account_id = $1 and email = $2', [accountId, email]);
  }

  findActiveByEmail(email: string): Promise<User[]> {
    return USERS.select(
      this.em,
      `select * from users where email = $1 and status = 'active' order by last_sign_in_at desc nulls last, id limit 10`,
      [email],
    );
  }

  findByInvitationHash(hash: string): Promise<User | null> {
    return USERS.first(this.em, `select * from users where invitation_hash = $1 and status = 'invited'`, [hash]);
  }

  lockOwners(accountId: string): Promise<User[]> {
    return USERS.find(this.em, { accountId, role: 'owner', status: 'active' }, { lock: 'wait' });
  }

  list(accountId: string, page: PageRequest): Promise<Page<User>> {
    return USERS.page(this.em, { accountId }, page);
  }

  add(user: User): Promise<void> {
    return USERS.insert(this.em, [user]);
  }

  save(user: User): Promise<void> {
    return USERS.save(this.em, [user]);
  }
}

@injectable()
export class PgDashboardSessionRepository implements DashboardSessionRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findById(id: string): Promise<DashboardSession | null> {
    return SESSIONS.known(this.em, id);
  }

  findByTokenHash(hash: string): Promise<DashboardSession | null> {
    return SESSIONS.first(this.em, 'select * from dashboard_sessions where token_hash = $1', [hash]);
  }

  add(session: DashboardSession): Promise<void> {
    return SESSIONS.insert(this.em, [session]);
  }

  save(session: DashboardSession): Promise<void> {
    return SESSIONS.save(this.em, [session]);
  }

  async endAllOf(userId: string, now: Date): Promise<void> {
    await sqlRows(this.em, 'update dashboard_sessions set ended_at = $2 where user_id = $1 and ended_at is null', [userId, now]);
  }
}

@injectable()
export class PgSignInThrottleRepository implements SignInThrottleRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async count(id: string, now: Date): Promise<SignInThrottle> {
    // A window is over when it began a lock's length ago with no lock on, or when its lock has ended.
    const over = '(t.locked_until is null and t.first_failure_at <= $3) or t.locked_until <= $2';
    return (await THROTTLES.first(
      this.em,
      `insert into sign_in_throttles as t (id, failures, first_failure_at, locked_until) values ($1, 1, $2, null)
       on conflict (id) do update set
         failures = case when ${over} then 1 else t.failures + 1 end,
         first_failure_at = case when ${over} then $2 else t.first_failure_at end,
         locked_until = case when ${over} then null when t.failures + 1 >= $4 then coalesce(t.locked_until, $5) else t.locked_until end
       returning *`,
      [id, now, new Date(now.getTime() - LOCK_MS), MAX_FAILURES, new Date(now.getTime() + LOCK_MS)],
    ))!;
  }

  async remove(id: string): Promise<void> {
    await sqlRows(this.em, 'delete from sign_in_throttles where id = $1', [id]);
  }
}

@injectable()
export class PgAuditLog implements AuditLog {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(...entries: AuditEntry[]): Promise<void> {
    return AUDIT_LOG.insert(this.em, entries);
  }

  list(accountId: string, filter: { userId?: string }, page: PageRequest): Promise<Page<AuditEntry>> {
    return AUDIT_LOG.page(this.em, { accountId, ...(filter.userId ? { userId: filter.userId } : {}) }, page);
  }
}
