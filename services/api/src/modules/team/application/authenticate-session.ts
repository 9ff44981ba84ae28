import { inject, injectable } from 'inversify';
import type { SessionActor } from '../../../shared/domain/actor';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { sessionTokenHash } from '../domain/dashboard-session';
import { TEAM } from '../team.tokens';
import type { DashboardSessionRepository, UserRepository } from './ports/team-repositories';

export interface SessionAuth {
  accountId: string;
  livemode: boolean;
  scope: 'full';
  actor: SessionActor;
}

/**
 * The API's second way in, beside keys: a dashboard session cookie, for the same operations, in the mode
 * the `Kupa-Mode` header names. Who it is only: what they may do is `AuthorizeActor`'s to say.
 */
@injectable()
export class AuthenticateSession {
  constructor(
    @inject(TEAM.DashboardSessionRepository) private readonly sessions: DashboardSessionRepository,
    @inject(TEAM.UserRepository) private readonly users: UserRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(request: { token: string; mode: string | undefined }): Promise<SessionAuth> {
    const now = this.clock.now();
    const session = await this.sessions.findByTokenHash(sessionTokenHash(request.token));
    const user = session?.activeAt(now) ? await this.users.findById(session.accountId, session.userId) : null;
    if (!session || user?.status !== 'active') throw new DomainError('session_invalid', 'Your dashboard session has ended: sign in again');
    if (session.touch(now)) await this.sessions.save(session);
    return {
      accountId: user.accountId,
      livemode: request.mode === 'live',
      scope: 'full',
      actor: {
        kind: 'session',
        userId: user.id,
        email: user.email,
        role: user.role,
        sessionId: session.id,
        twoFactor: user.hasTwoFactor(),
        refundLimit: null,
      },
    };
  }
}
