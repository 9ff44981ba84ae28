import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { AccountRepository, ApiKeyRepository } from '../../application/ports/account-repository';
import { Account } from '../../domain/account';
import { ApiKey, type KeyScope } from '../../domain/api-key';

/** What an account's settings and onboarding change. */
const ACCOUNTS = new AggregateTable(Account, [
  'name',
  'businessProfile',
  'walletsEnabled',
  'liveOnboarded',
  'cardholderIdRequired',
  'portalSettings',
  'retryDays',
]);
const API_KEYS = new AggregateTable(ApiKey, ['revokedAt']);

@injectable()
export class PgAccountRepository implements AccountRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findById(id: string): Promise<Account | null> {
    return ACCOUNTS.known(this.em, id);
  }

  add(account: Account): Promise<void> {
    return ACCOUNTS.insert(this.em, [account]);
  }

  save(account: Account): Promise<void> {
    return ACCOUNTS.save(this.em, [account]);
  }
}

@injectable()
export class PgApiKeyRepository implements ApiKeyRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findByHash(secretHash: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { secretHash });
  }

  findActive(accountId: string, livemode: boolean, scope: KeyScope): Promise<ApiKey[]> {
    return this.em.find(ApiKey, { accountId, livemode, scope, revokedAt: null });
  }

  add(keys: ApiKey[]): Promise<void> {
    return API_KEYS.insert(this.em, keys);
  }

  save(keys: ApiKey[]): Promise<void> {
    return API_KEYS.save(this.em, keys);
  }
}
