import { inject, injectable } from 'inversify';
import type { Actor } from '../../../shared/domain/actor';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError, NotFoundError } from '../../../shared/domain/domain-error';
import type { Page, PageRequest } from '../../../shared/domain/page';
import { type KeyRole, keyRoleWithin, type Role } from '../../../shared/domain/roles';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { ApiKey, type KeyScope } from '../domain/api-key';
import { ACCOUNTS } from '../accounts.tokens';
import type { ApiKeyRepository } from './ports/account-repository';
import type { KeyRevocations } from './ports/key-revocations';

/** A key as just made: the secret is in this answer only. */
export interface NewApiKey {
  key: ApiKey;
  secret: string;
}

/**
 * The keys of a scope (account and mode), as the dashboard's developers page manages them. A key never
 * lifts anyone above their role: a user's key carries at most that user's role (an owner's, an admin's)
 * and names them; a key makes keys of at most its own role; and a key is rolled only by someone whose
 * role holds the key's, since the new secret acts as the old one did.
 */
@injectable()
export class ManageApiKeys {
  constructor(
    @inject(ACCOUNTS.ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(ACCOUNTS.KeyRevocations) private readonly revocations: KeyRevocations,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  list(scope: Scope, page: PageRequest): Promise<Page<ApiKey>> {
    return this.keys.list(scope, page);
  }

  /** `role`: the role asked for the key; by default the maker's own (an owner's keys act as an admin's). */
  create(scope: Scope, keyScope: KeyScope, by: Actor, role?: KeyRole): Promise<NewApiKey> {
    const given = role ?? defaultRoleOf(by);
    refuseAbove(given, by);
    return this.uow.join(async () => {
      const issued = ApiKey.issue({ ...scope, scope: keyScope, role: given, madeBy: madeByOf(by) }, this.clock.now());
      await this.keys.add([issued.key]);
      return issued;
    });
  }

  /** A new key of the same scope, role and maker; the old one is refused in every process once this commits. */
  roll(scope: Scope, id: string, by: Actor): Promise<NewApiKey> {
    return this.uow.join(async () => {
      const old = await this.found(scope, id);
      refuseAbove(old.role, by);
      if (!old.isActive()) throw new DomainError('api_key_revoked', `Key '${id}' was revoked already; create a new key instead`);
      const now = this.clock.now();
      old.revoke(now);
      const madeBy = old.madeByUser === null ? null : { userId: old.madeByUser, email: old.madeByEmail! };
      const issued = ApiKey.issue({ ...scope, scope: old.scope, role: old.role, madeBy }, now);
      await this.keys.add([issued.key]);
      await this.keys.save([old]);
      await this.revocations.announce([old.secretHash]);
      return issued;
    });
  }

  revoke(scope: Scope, id: string): Promise<ApiKey> {
    return this.uow.join(async () => {
      const key = await this.found(scope, id);
      if (!key.isActive()) return key;
      key.revoke(this.clock.now());
      await this.keys.save([key]);
      await this.revocations.announce([key.secretHash]);
      return key;
    });
  }

  /**
   * In the caller's unit of work: the keys `userId` made that their role no longer holds are revoked,
   * every one of them when they leave (`role` null). Answers how many.
   */
  async keepWithinRole(accountId: string, userId: string, role: Role | null): Promise<number> {
    if (!this.uow.active()) throw new Error("a user's keys are revoked in the unit of work that changes the user");
    const beyond = (await this.keys.lockActiveMadeBy(accountId, userId)).filter((key) => role === null || !keyRoleWithin(key.role!, role));
    const now = this.clock.now();
    for (const key of beyond) key.revoke(now);
    await this.keys.save(beyond);
    await this.revocations.announce(beyond.map((key) => key.secretHash));
    return beyond.length;
  }

  private async found(scope: Scope, id: string): Promise<ApiKey> {
    const key = await this.keys.lockInScope(scope, id);
    if (!key) throw new NotFoundError('API key', id);
    return key;
  }
}

/** A user's key acts with their role (an owner's as an admin's: no key is an owner); a key's with its own. */
function defaultRoleOf(by: Actor): KeyRole | null {
  if (by.kind === 'key') return by.madeBy === null && by.role === 'admin' ? null : by.role;
  return by.role === 'owner' ? 'admin' : by.role;
}

/** Refused when `role` (null: an account key, an admin's) is more than `by` may hold. */
function refuseAbove(role: KeyRole | null, by: Actor): void {
  if (keyRoleWithin(role ?? 'admin', by.role)) return;
  throw new DomainError('permission_denied', `A ${role ?? 'account'} key is more than your role (${by.role}) may hold`, 'role');
}

function madeByOf(by: Actor): { userId: string; email: string } | null {
  return by.kind === 'session' ? { userId: by.userId, email: by.email } : by.madeBy;
}
