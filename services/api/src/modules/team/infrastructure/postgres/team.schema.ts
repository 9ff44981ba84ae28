import { EntitySchema } from '@mikro-orm/postgresql';
import { AuditEntry } from '../../domain/audit-entry';
import { DashboardSession } from '../../domain/dashboard-session';
import { SignInThrottle } from '../../domain/sign-in-throttle';
import { User } from '../../domain/user';

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string', nullable: true },
    role: { type: 'string' },
    status: { type: 'string' },
    passwordHash: { type: 'string', nullable: true },
    totpSecret: { type: 'string', nullable: true },
    totpPending: { type: 'string', nullable: true },
    totpLastStep: { type: 'integer', nullable: true },
    invitationHash: { type: 'string', nullable: true },
    invitationExpiresAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
    lastSignInAt: { type: 'Date', nullable: true },
  },
});

export const DashboardSessionSchema = new EntitySchema<DashboardSession>({
  class: DashboardSession,
  tableName: 'dashboard_sessions',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    userId: { type: 'string' },
    tokenHash: { type: 'string' },
    address: { type: 'string', nullable: true },
    userAgent: { type: 'string', nullable: true },
    createdAt: { type: 'Date' },
    lastSeenAt: { type: 'Date' },
    endedAt: { type: 'Date', nullable: true },
  },
});

export const SignInThrottleSchema = new EntitySchema<SignInThrottle>({
  class: SignInThrottle,
  tableName: 'sign_in_throttles',
  properties: {
    id: { type: 'string', primary: true },
    failures: { type: 'integer' },
    firstFailureAt: { type: 'Date' },
    lockedUntil: { type: 'Date', nullable: true },
  },
});

export const AuditEntrySchema = new EntitySchema<AuditEntry>({
  class: AuditEntry,
  tableName: 'audit_log',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    userId: { type: 'string', nullable: true },
    userEmail: { type: 'string', nullable: true },
    apiKeyId: { type: 'string', nullable: true },
    action: { type: 'string' },
    target: { type: 'string', nullable: true },
    status: { type: 'integer' },
    errorCode: { type: 'string', nullable: true },
    address: { type: 'string', nullable: true },
    requestId: { type: 'string', nullable: true },
    createdAt: { type: 'Date' },
  },
});
