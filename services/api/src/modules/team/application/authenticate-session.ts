import { timingSafeEqual } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Actor } from '../../../shared/domain/actor';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { GetAccount } from '../../accounts';
import { csrfTokenOf, sessionTokenHash } from '../domain/dashboard-session';
import { mayCall } from '../domain/roles';
import { TEAM } from '../team.tokens';
import type { DashboardSessionRepository, UserRepository } from './ports/team-repositories';

export interface SessionRequest {
  /** The `kupa_session` cookie. */
  token: string;
  operationId: string;
  /** Anything but a GET. */
  write: boolean;
  /** The `X-CSRF-Token` header. */
  csrfToken: string | undefined;
  /** Sent without `Origin` (a same-origin request some browsers send without one), or from the API's own. */
  sameOrigin: boolean;
  /** The `Kupa-Mode` header. */
  mode: string | undefined;
}

export interface SessionAuth {
  accountId: string;
  livemode: boolean;
  scope: 'full';
  actor: Actor;
}

/**
 * The API's second way in, beside keys: a dashboard session cookie, for the same operations. Writes
 * need the session's CSRF token and, when the browser names one, the API's own origin. The user's role
 * decides what the session may call; an owner needs two-factor on to work in live mode.
 */
@injectable()
export class AuthenticateSession {
  constructor(
    @inject(TEAM.DashboardSessionRepository) private readonly sessions: DashboardSessionRepository,
    @inject(TEAM.UserRepository) private readonly users: UserRepository,
    @inject(GetAccount) private readonly accounts: GetAccount,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(request: SessionRequest): Promise<SessionAuth> {
    const now = this.clock.now();
    const session = await this.sessions.findByTokenHash(sessionTokenHash(request.token));
    const user = session?.activeAt(now) ? await this.users.findById(session.accountId, session.userId) : null;
    if (!session || user?.status !== 'active') throw new DomainError('session_invalid', 'Your dashboard session has ended: sign in again');
    if (request.write && !(request.sameOrigin && sameToken(request.csrfToken, csrfTokenOf(request.token))))
      throw new DomainError('csrf_token_invalid', 'This change did not come from the dashboard: reload the page and try again');
    const livemode = request.mode === 'live';
    if (livemode && user.role === 'owner' && !user.hasTwoFactor())
      throw new DomainError('two_factor_required', 'Turn on two-factor sign-in to work in live mode');
    if (!mayCall(user.role, request.operationId, request.write))
      throw new DomainError('permission_denied', `Your role (${user.role}) does not allow this; ask an owner or admin of the account`);
    if (session.touch(now)) await this.sessions.save(session);
    const refundLimit = user.role === 'support' ? (await this.accounts.execute(user.accountId)).supportRefundLimit : null;
    return {
      accountId: user.accountId,
      livemode,
      scope: 'full',
      actor: { userId: user.id, email: user.email, role: user.role, sessionId: session.id, refundLimit },
    };
  }
}

function sameToken(given: string | undefined, expected: string): boolean {
  return given !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
