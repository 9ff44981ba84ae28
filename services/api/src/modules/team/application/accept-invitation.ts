import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { ValidationError } from '../../../shared/domain/domain-error';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { checkPassword, hashToken } from '../domain/user';
import { TEAM } from '../team.tokens';
import { DashboardSessions, type OpenedSession, type RequestOrigin } from './dashboard-sessions';
import type { PasswordHasher, UserRepository } from './ports/team-repositories';

/** The invited person chooses a password and is signed in; the link works once, for 7 days. */
@injectable()
export class AcceptInvitation {
  constructor(
    @inject(TEAM.UserRepository) private readonly users: UserRepository,
    @inject(TEAM.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(DashboardSessions) private readonly sessions: DashboardSessions,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(input: { token: string; name?: string; password: string }, origin: RequestOrigin): Promise<OpenedSession> {
    const invited = await this.users.findByInvitationHash(hashToken(input.token));
    if (!invited?.invitationValidAt(this.clock.now())) throw invalid();
    checkPassword(input.password, invited.email);
    const passwordHash = await this.hasher.hash(input.password);
    return this.uow.run(async () => {
      // Locked and read again: a link used twice at once signs in once.
      const user = await this.users.lockById(invited.id);
      if (!user || user.invitationHash !== invited.invitationHash || !user.invitationValidAt(this.clock.now())) throw invalid();
      user.accept({ name: input.name ?? null, passwordHash }, this.clock.now());
      await this.users.save(user);
      return this.sessions.open(user, origin, 'acceptInvitation');
    });
  }
}

function invalid(): ValidationError {
  return new ValidationError(
    'invitation_invalid',
    'This invitation link is not valid: it was used, replaced or is more than 7 days old',
    'token',
  );
}
