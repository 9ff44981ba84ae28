import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import { AcceptInvitation } from './application/accept-invitation';
import { AuditTrail } from './application/audit-trail';
import { AuthenticateSession } from './application/authenticate-session';
import { AuthorizeActor } from './application/authorize-actor';
import { DashboardSessions } from './application/dashboard-sessions';
import { ManageTeam } from './application/manage-team';
import { SignIn } from './application/sign-in';
import { SignOut } from './application/sign-out';
import { TwoFactor } from './application/two-factor';
import { Argon2PasswordHasher } from './infrastructure/argon2-password-hasher';
import {
  PgAuditLog,
  PgDashboardSessionRepository,
  PgSignInThrottleRepository,
  PgUserRepository,
} from './infrastructure/postgres/team.repository';
import { AuditEntrySchema, DashboardSessionSchema, SignInThrottleSchema, UserSchema } from './infrastructure/postgres/team.schema';
import { TeamRouter } from './interfaces/http/team.router';
import { TEAM } from './team.tokens';

export const teamEntities = [UserSchema, DashboardSessionSchema, SignInThrottleSchema, AuditEntrySchema];

export const teamModule = new ContainerModule(({ bind }) => {
  bind(TEAM.UserRepository).to(PgUserRepository).inSingletonScope();
  bind(TEAM.DashboardSessionRepository).to(PgDashboardSessionRepository).inSingletonScope();
  bind(TEAM.SignInThrottleRepository).to(PgSignInThrottleRepository).inSingletonScope();
  bind(TEAM.AuditLog).to(PgAuditLog).inSingletonScope();
  bind(TEAM.PasswordHasher).to(Argon2PasswordHasher).inSingletonScope();
  bindSingletons(bind, [
    AcceptInvitation,
    AuditTrail,
    AuthenticateSession,
    AuthorizeActor,
    DashboardSessions,
    ManageTeam,
    SignIn,
    SignOut,
    TwoFactor,
    TeamRouter,
  ]);
});
