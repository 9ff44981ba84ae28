import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../../shared/contract/contract';
import type { AuthContext } from '../../../../platform/http/authentication';
import type { ExchangeFacts, OperationHandlers } from '../../../../platform/http/handlers';
import { listReply, pageOf } from '../../../../platform/http/replies';
import type { SessionActor } from '../../../../shared/domain/actor';
import { DomainError } from '../../../../shared/domain/domain-error';
import { GetAccount } from '../../../accounts';
import { AcceptInvitation } from '../../application/accept-invitation';
import { AuditTrail } from '../../application/audit-trail';
import type { OpenedSession, RequestOrigin } from '../../application/dashboard-sessions';
import { ManageTeam } from '../../application/manage-team';
import { SignIn } from '../../application/sign-in';
import { SignOut } from '../../application/sign-out';
import { TwoFactor } from '../../application/two-factor';
import type { AuditEntry } from '../../domain/audit-entry';
import { csrfTokenOf, IDLE_LIMIT_MS } from '../../domain/dashboard-session';
import type { User } from '../../domain/user';

export function toUserResponse(user: User): Schemas['User'] {
  return {
    id: user.id,
    object: 'user',
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    two_factor_enabled: user.hasTwoFactor(),
    created: user.createdAt.toISOString(),
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
  };
}

function toAuditEntryResponse(entry: AuditEntry): Schemas['AuditEntry'] {
  return {
    id: entry.id,
    object: 'audit_entry',
    user: entry.userId,
    user_email: entry.userEmail,
    api_key: entry.apiKeyId,
    action: entry.action,
    livemode: entry.livemode,
    target: entry.target,
    status: entry.status,
    error_code: entry.errorCode,
    address: entry.address,
    request_id: entry.requestId,
    created: entry.createdAt.toISOString(),
  };
}

function originOf(exchange: ExchangeFacts): RequestOrigin {
  return { address: exchange.address, userAgent: exchange.userAgent, requestId: exchange.requestId };
}

/** The signed-in user, for operations only a dashboard session may call. */
function actorOf(auth: AuthContext): SessionActor {
  if (auth.actor.kind !== 'session')
    throw new DomainError('permission_denied', 'Only a dashboard session may call this; keys have no user');
  return auth.actor;
}

@injectable()
export class TeamRouter {
  constructor(
    @inject(SignIn) private readonly signIn: SignIn,
    @inject(AcceptInvitation) private readonly acceptInvitation: AcceptInvitation,
    @inject(SignOut) private readonly signOut: SignOut,
    @inject(TwoFactor) private readonly twoFactor: TwoFactor,
    @inject(ManageTeam) private readonly team: ManageTeam,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(GetAccount) private readonly accounts: GetAccount,
  ) {}

  private async sessionView(user: User, token: string): Promise<{ success: true; data: Schemas['DashboardSession'] }> {
    const account = await this.accounts.execute(user.accountId);
    return {
      success: true,
      data: {
        object: 'dashboard_session',
        user: toUserResponse(user),
        account: { id: account.id, name: account.name },
        csrf_token: csrfTokenOf(token),
        idle_timeout_seconds: IDLE_LIMIT_MS / 1000,
      },
    };
  }

  private async signedIn(opened: OpenedSession, exchange: ExchangeFacts) {
    exchange.setSession(opened.token);
    return this.sessionView(opened.user, opened.token);
  }

  handlers(): OperationHandlers {
    return {
      signIn: async ({ body, exchange }) =>
        this.signedIn(
          await this.signIn.execute({ email: body.email, password: body.password, totpCode: body.totp_code }, originOf(exchange)),
          exchange,
        ),
      acceptInvitation: async ({ body, exchange }) =>
        this.signedIn(
          await this.acceptInvitation.execute({ token: body.token, name: body.name, password: body.password }, originOf(exchange)),
          exchange,
        ),
      getDashboardSession: async ({ auth, exchange }) => {
        const actor = actorOf(auth);
        return this.sessionView(await this.team.get(auth.accountId, actor.userId), exchange.sessionToken!);
      },
      signOut: async ({ auth, exchange }) => {
        await this.signOut.execute(actorOf(auth), false);
        exchange.setSession(null);
        return { success: true };
      },
      signOutEverywhere: async ({ auth, exchange }) => {
        await this.signOut.execute(actorOf(auth), true);
        exchange.setSession(null);
        return { success: true };
      },
      beginTwoFactor: async ({ auth }) => {
        const { secret, otpauthUrl } = await this.twoFactor.begin(actorOf(auth), auth.accountId);
        return { success: true, data: { secret, otpauth_url: otpauthUrl } };
      },
      confirmTwoFactor: async ({ auth, body }) => ({
        success: true,
        data: toUserResponse(await this.twoFactor.confirm(actorOf(auth), auth.accountId, body.code)),
      }),
      listUsers: async ({ auth, query }) => listReply(await this.team.list(auth.accountId, pageOf(query)), toUserResponse),
      inviteUser: async ({ auth, body }) => ({
        success: true,
        data: toUserResponse(
          (await this.team.invite(auth.accountId, { email: body.email, role: body.role, locale: body.locale }, auth.actor)).user,
        ),
      }),
      updateUser: async ({ auth, params, body }) => ({
        success: true,
        data: toUserResponse(await this.team.changeRole(auth.accountId, params.id, body.role, auth.actor)),
      }),
      removeUser: async ({ auth, params }) => ({
        success: true,
        data: toUserResponse(await this.team.remove(auth.accountId, params.id, auth.actor)),
      }),
      listAuditLog: async ({ auth, query }) =>
        listReply(await this.audit.list(auth.accountId, { userId: query.user }, pageOf(query)), toAuditEntryResponse),
    };
  }
}
