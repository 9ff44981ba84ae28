import { inject, injectable } from 'inversify';
import type { SessionActor } from '../../../shared/domain/actor';
import type { Clock } from '../../../shared/domain/clock';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { newTotpSecret, otpauthUrl, totpStep } from '../domain/totp';
import { type User, UserNotFound } from '../domain/user';
import { TEAM } from '../team.tokens';
import type { UserRepository } from './ports/team-repositories';
import { TOTP_PURPOSE } from './sign-in';

/** Two-factor sign-in (TOTP), turned on by the user: a secret for their app, then a code made from it. */
@injectable()
export class TwoFactor {
  constructor(
    @inject(TEAM.UserRepository) private readonly users: UserRepository,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** A new secret, stored sealed until confirmed; shown this once. */
  async begin(actor: SessionActor, accountId: string): Promise<{ secret: string; otpauthUrl: string }> {
    const secret = newTotpSecret();
    await this.secrets.prepare(accountId);
    const sealed = await this.secrets.seal(accountId, TOTP_PURPOSE, secret);
    await this.uow.join(async () => {
      const user = await this.locked(actor, accountId);
      user.beginTwoFactor(sealed);
      await this.users.save(user);
    });
    return { secret, otpauthUrl: otpauthUrl(secret, actor.email, 'Kupa') };
  }

  /** On, once a current code of the begun secret is given. */
  async confirm(actor: SessionActor, accountId: string, code: string): Promise<User> {
    return this.uow.join(async () => {
      const user = await this.locked(actor, accountId);
      user.confirmTwoFactor();
      const secret = await this.secrets.open(accountId, TOTP_PURPOSE, user.totpSecret!);
      const step = totpStep(secret, code, this.clock.now());
      if (step === undefined || !user.takeTotpStep(step))
        throw new ValidationError('two_factor_code_invalid', 'That code is not right: enter the one your app shows now', 'code');
      await this.users.save(user);
      return user;
    });
  }

  private async locked(actor: SessionActor, accountId: string): Promise<User> {
    const user = await this.users.lockById(actor.userId);
    if (!user || user.accountId !== accountId) throw new UserNotFound(actor.userId);
    return user;
  }
}
