import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { AuditEntry } from '../domain/audit-entry';
import { DashboardSession } from '../domain/dashboard-session';
import type { User } from '../domain/user';
import { TEAM } from '../team.tokens';
import type { AuditLog, DashboardSessionRepository } from './ports/team-repositories';

/** Where a request came from, as the audit log keeps it. */
export interface RequestOrigin {
  address: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface OpenedSession {
  user: User;
  session: DashboardSession;
  /** The cookie's value: never stored. */
  token: string;
}

/** Opens a signed-in user's session, in the caller's unit of work, and notes it in the audit log. */
@injectable()
export class DashboardSessions {
  constructor(
    @inject(TEAM.DashboardSessionRepository) private readonly sessions: DashboardSessionRepository,
    @inject(TEAM.AuditLog) private readonly audit: AuditLog,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async open(user: User, origin: RequestOrigin, action: 'signIn' | 'acceptInvitation'): Promise<OpenedSession> {
    const now = this.clock.now();
    const { session, token } = DashboardSession.open(
      { accountId: user.accountId, userId: user.id, address: origin.address, userAgent: origin.userAgent },
      now,
    );
    await this.sessions.add(session);
    await this.audit.add(AuditEntry.ofSignIn(user, action, 200, { address: origin.address, requestId: origin.requestId }, now));
    return { user, session, token };
  }
}
