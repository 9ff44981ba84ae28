import { hash } from 'node:crypto';
import { DomainError, NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import { newId, randomBase62 } from '../../../shared/domain/ids';
import type { Role } from '../../../shared/domain/roles';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const MIN_PASSWORD_LENGTH = 12;

export type UserStatus = 'invited' | 'active' | 'removed';

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A person who signs in to an account's dashboard. Invited by email with a role; active once they
 * chose a password; removed users keep their row, so the audit log still names them.
 */
export class User {
  id!: string;
  accountId!: string;
  email!: string;
  name!: string | null;
  role!: Role;
  status!: UserStatus;
  /** argon2id, in its PHC string. */
  passwordHash!: string | null;
  /** The TOTP secret, sealed under the account's data key, once two-factor is on. */
  totpSecret!: string | null;
  /** A secret begun but not yet confirmed with a code. */
  totpPending!: string | null;
  /** The last TOTP step a code was taken from: a code is never taken twice. */
  totpLastStep!: number | null;
  invitationHash!: string | null;
  invitationExpiresAt!: Date | null;
  createdAt!: Date;
  lastSignInAt!: Date | null;

  /** Returns the user and the invitation's token, which only the email carries. */
  static invite(input: { accountId: string; email: string; role: Role }, now: Date): { user: User; token: string } {
    const user = new User();
    user.id = newId('user');
    user.accountId = input.accountId;
    user.email = normalEmail(input.email);
    user.name = null;
    user.role = input.role;
    user.createdAt = now;
    user.lastSignInAt = null;
    return { user, token: user.inviteAgain(input.role, now) };
  }

  /** A new invitation (for a removed user, or one whose link was lost): any earlier link stops working. */
  inviteAgain(role: Role, now: Date): string {
    if (this.status === 'active') throw new DomainError('user_exists', `${this.email} is already a user of this account`);
    const token = `inv_${randomBase62(40)}`;
    this.role = role;
    this.status = 'invited';
    this.passwordHash = null;
    this.totpSecret = null;
    this.totpPending = null;
    this.totpLastStep = null;
    this.invitationHash = hashToken(token);
    this.invitationExpiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    return token;
  }

  invitationValidAt(now: Date): boolean {
    return this.status === 'invited' && this.invitationExpiresAt !== null && now < this.invitationExpiresAt;
  }

  accept(input: { name: string | null; passwordHash: string }, now: Date): void {
    this.status = 'active';
    if (input.name) this.name = input.name.trim();
    this.passwordHash = input.passwordHash;
    this.invitationHash = null;
    this.invitationExpiresAt = null;
    this.lastSignInAt = now;
  }

  hasTwoFactor(): boolean {
    return this.totpSecret !== null;
  }

  /** Takes a TOTP code's step once: a code seen before (replayed) is refused. */
  takeTotpStep(step: number): boolean {
    if (this.totpLastStep !== null && step <= this.totpLastStep) return false;
    this.totpLastStep = step;
    return true;
  }

  beginTwoFactor(sealedSecret: string): void {
    this.totpPending = sealedSecret;
  }

  confirmTwoFactor(): void {
    if (!this.totpPending)
      throw new DomainError('two_factor_not_started', 'Begin two-factor sign-in first (POST /v1/dashboard/two_factor)');
    this.totpSecret = this.totpPending;
    this.totpPending = null;
  }

  signedIn(now: Date): void {
    this.lastSignInAt = now;
  }

  changeRole(role: Role): void {
    this.role = role;
  }

  remove(): void {
    this.status = 'removed';
    this.passwordHash = null;
    this.totpSecret = null;
    this.totpPending = null;
    this.invitationHash = null;
    this.invitationExpiresAt = null;
  }
}

/** A password a person can choose: long enough, and not their email. */
export function checkPassword(password: string, email: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    throw new ValidationError('password_too_weak', `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters`, 'password');
  if (normalEmail(password) === email)
    throw new ValidationError('password_too_weak', 'Choose a password other than your email', 'password');
}

export class UserNotFound extends NotFoundError {
  constructor(id: string) {
    super('user', id);
  }
}
