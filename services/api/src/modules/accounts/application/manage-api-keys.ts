import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError, NotFoundError } from '../../../shared/domain/domain-error';
import type { Page, PageRequest } from '../../../shared/domain/page';
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

/** The keys of a scope (account and mode), as the dashboard's developers page manages them. */
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

  create(scope: Scope, keyScope: KeyScope): Promise<NewApiKey> {
    return this.uow.join(async () => {
      const issued = ApiKey.issue({ ...scope, scope: keyScope }, this.clock.now());
      await this.keys.add([issued.key]);
      return issued;
    });
  }

  /** A new key of the same scope; the old one is refused in every process once this commits. */
  roll(scope: Scope, id: string): Promise<NewApiKey> {
    return this.uow.join(async () => {
      const old = await this.found(scope, id);
      if (!old.isActive()) throw new DomainError('api_key_revoked', `Key '${id}' was revoked already; create a new key instead`);
      const now = this.clock.now();
      old.revoke(now);
      const issued = ApiKey.issue({ ...scope, scope: old.scope }, now);
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

  private async found(scope: Scope, id: string): Promise<ApiKey> {
    const key = await this.keys.lockInScope(scope, id);
    if (!key) throw new NotFoundError('API key', id);
    return key;
  }
}
