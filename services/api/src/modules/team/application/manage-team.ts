import { inject, injectable } from 'inversify';
import type { Actor, Operator } from '../../../shared/domain/actor';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import type { Page, PageRequest } from '../../../shared/domain/page';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { GetAccount, ManageApiKeys } from '../../accounts';
import { QueueEmail } from '../../notifications';
import type { Role } from '../../../shared/domain/roles';
import { normalEmail, User, UserNotFound } from '../domain/user';
import { TEAM, type TeamModuleSettings } from '../team.tokens';
import type { DashboardSessionRepository, UserRepository } from './ports/team-repositories';

/**
 * Who is on an account's team: invitations, roles and removals. Owners and admins manage it (the role
 * table; live keys of an admin's role too, never test-mode keys). Making, changing or removing an owner is
 * a dashboard owner's with two-factor on, or the operator's (the CLI), never a key's; the last active
 * owner stays. The keys a user made go when they leave, and those beyond a lowered role are revoked.
 */
@injectable()
export class ManageTeam {
  constructor(
    @inject(TEAM.UserRepository) private readonly users: UserRepository,
    @inject(TEAM.DashboardSessionRepository) private readonly sessions: DashboardSessionRepository,
    @inject(TEAM.Settings) private readonly settings: TeamModuleSettings,
    @inject(GetAccount) private readonly accounts: GetAccount,
    @inject(ManageApiKeys) private readonly apiKeys: ManageApiKeys,
    @inject(QueueEmail) private readonly queueEmail: QueueEmail,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  list(accountId: string, page: PageRequest): Promise<Page<User>> {
    return this.users.list(accountId, page);
  }

  get(accountId: string, id: string): Promise<User> {
    return this.found(accountId, id);
  }

  /**
   * Invites by email (the link is in the email only), or invites again someone invited or removed.
   * `send: false` returns the link instead of emailing it (the dev merchant's owner, printed at start).
   */
  async invite(
    accountId: string,
    input: { email: string; role: Role; locale?: 'he' | 'en' },
    actor: Actor | Operator,
    { send = true }: { send?: boolean } = {},
  ): Promise<{ user: User; link: string }> {
    if (input.role === 'owner') this.ownersOnly(actor, 'invite an owner');
    const account = await this.accounts.execute(accountId);
    return this.uow.join(async () => {
      const now = this.clock.now();
      const email = normalEmail(input.email);
      const existing = await this.users.findByEmail(accountId, email);
      const { user, token } = existing
        ? { user: existing, token: existing.inviteAgain(input.role, now) }
        : User.invite({ accountId, email, role: input.role }, now);
      if (existing) await this.users.save(user);
      else await this.users.add(user);
      const link = `${this.settings.dashboardUrl}/accept?lang=${input.locale ?? 'he'}#${token}`;
      if (send)
        await this.queueEmail.execute({
          accountId,
          key: `invitation:${user.id}:${user.invitationHash}`,
          to: email,
          message: {
            kind: 'invitation',
            merchantName: account.name,
            inviter: actor !== 'operator' && actor.kind === 'session' ? actor.email : null,
            role: input.role,
            link,
            expiresAt: user.invitationExpiresAt!,
          },
        });
      return { user, link };
    });
  }

  async changeRole(accountId: string, id: string, role: Role, actor: Actor | Operator): Promise<User> {
    return this.uow.join(async () => {
      const owners = await this.users.lockOwners(accountId);
      const user = await this.found(accountId, id);
      if (user.role === role) return user;
      if (role === 'owner' || user.role === 'owner') this.ownersOnly(actor, 'change an owner');
      if (user.role === 'owner' && user.status === 'active') this.keepAnOwner(owners, user);
      user.changeRole(role);
      await this.users.save(user);
      await this.apiKeys.keepWithinRole(accountId, user.id, role);
      return user;
    });
  }

  /** Removed at once: their sessions end; the row stays for the audit log. */
  async remove(accountId: string, id: string, actor: Actor | Operator): Promise<User> {
    return this.uow.join(async () => {
      const owners = await this.users.lockOwners(accountId);
      const user = await this.found(accountId, id);
      if (user.status === 'removed') return user;
      if (user.role === 'owner') {
        this.ownersOnly(actor, 'remove an owner');
        if (user.status === 'active') this.keepAnOwner(owners, user);
      }
      user.remove();
      await this.users.save(user);
      await this.sessions.endAllOf(user.id, this.clock.now());
      await this.apiKeys.keepWithinRole(accountId, user.id, null);
      return user;
    });
  }

  private async found(accountId: string, id: string): Promise<User> {
    const user = await this.users.findById(accountId, id);
    if (!user) throw new UserNotFound(id);
    return user;
  }

  /** The operator, or an owner signed in to the dashboard with two-factor on: never a key, whoever made it. */
  private ownersOnly(actor: Actor | Operator, what: string): void {
    if (actor === 'operator') return;
    if (actor.kind === 'key')
      throw new DomainError('permission_denied', `No API key may ${what}: an owner does it in the dashboard, with two-factor on`);
    if (actor.role !== 'owner') throw new DomainError('permission_denied', `Only an owner may ${what}`);
    if (!actor.twoFactor) throw new DomainError('two_factor_required', `Turn on two-factor sign-in to ${what}`);
  }

  private keepAnOwner(owners: User[], leaving: User): void {
    if (owners.every((owner) => owner.id === leaving.id))
      throw new DomainError('last_owner', 'The account needs an owner: make someone else owner first');
  }
}
