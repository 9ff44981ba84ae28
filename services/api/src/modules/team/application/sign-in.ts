import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError, ValidationError } from '../../../shared/domain/domain-error';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { AuditEntry } from '../domain/audit-entry';
import { SignInThrottle } from '../domain/sign-in-throttle';
import { totpStep } from '../domain/totp';
import { normalEmail, type User } from '../domain/user';
import { TEAM } from '../team.tokens';
import { DashboardSessions, type OpenedSession, type RequestOrigin } from './dashboard-sessions';
import type { AuditLog, PasswordHasher, SignInThrottleRepository, UserRepository } from './ports/team-repositories';

export const TOTP_PURPOSE = 'totp';

/** Locked out: 429 with how long until an attempt is heard again. */
export class SignInLocked extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('sign_in_locked', `Too many failed sign-ins for this email: try again in ${Math.ceil(retryAfterSeconds / 60)} minutes`);
  }
}

const FAILED = 'Incorrect email or password';

/**
 * Email and password (argon2id), then the TOTP code of a user with two-factor on. The answer to a wrong
 * email is the answer to a wrong password, and takes as long; five attempts that do not succeed lock the
 * email for 15 minutes, however many are made at once.
 */
@injectable()
export class SignIn {
  /** Verified against when no user has the email, so an unknown email costs what a known one does. */
  private decoy?: Promise<string>;

  constructor(
    @inject(TEAM.UserRepository) private readonly users: UserRepository,
    @inject(TEAM.SignInThrottleRepository) private readonly throttles: SignInThrottleRepository,
    @inject(TEAM.AuditLog) private readonly audit: AuditLog,
    @inject(TEAM.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(DashboardSessions) private readonly sessions: DashboardSessions,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(input: { email: string; password: string; totpCode?: string }, origin: RequestOrigin): Promise<OpenedSession> {
    const email = normalEmail(input.email);
    // Counted before the password is checked, in one statement: of any number of guesses at once, at most
    // the limit are checked. A success clears the count.
    const now = this.clock.now();
    const locked = (await this.throttles.count(SignInThrottle.idOf(email), now)).lockedFor(now);
    if (locked > 0) throw new SignInLocked(locked);

    const candidates = await this.users.findActiveByEmail(email);
    let user: User | undefined;
    for (const candidate of candidates) {
      if (await this.hasher.verify(candidate.passwordHash!, input.password)) {
        user = candidate;
        break;
      }
    }
    if (candidates.length === 0) {
      this.decoy ??= this.hasher.hash('decoy password of no one');
      await this.hasher.verify(await this.decoy, input.password);
    }
    if (!user) return this.fail(candidates, origin, new DomainError('sign_in_failed', FAILED));

    let step: number | undefined;
    if (user.hasTwoFactor()) {
      if (!input.totpCode) throw new DomainError('two_factor_code_required', 'Enter the code from your authenticator app', 'totp_code');
      const secret = await this.secrets.open(user.accountId, TOTP_PURPOSE, user.totpSecret!);
      step = totpStep(secret, input.totpCode, this.clock.now());
      if (step === undefined) return this.fail([user], origin, wrongCode());
    }
    const userId = user.id;
    const opened = await this.uow.run(async () => {
      // Under the user's row: two requests with one code cannot both sign in.
      const current = (await this.users.lockById(userId))!;
      if (step !== undefined && !current.takeTotpStep(step)) return undefined;
      current.signedIn(this.clock.now());
      await this.users.save(current);
      await this.throttles.remove(SignInThrottle.idOf(email));
      return this.sessions.open(current, origin, 'signIn');
    });
    return opened ?? this.fail([user], origin, wrongCode());
  }

  /** Notes the failure (already counted against the email) for each user it names, with the answer's status. */
  private async fail(users: User[], origin: RequestOrigin, error: DomainError): Promise<never> {
    const status = error.code === 'sign_in_failed' ? 401 : 400;
    const now = this.clock.now();
    for (const user of users)
      await this.audit.add(
        AuditEntry.ofSignIn(user, 'signInFailed', status, { address: origin.address, requestId: origin.requestId }, now),
      );
    throw error;
  }
}

function wrongCode(): DomainError {
  return new ValidationError('two_factor_code_invalid', 'That code is not right, or was used already', 'totp_code');
}
