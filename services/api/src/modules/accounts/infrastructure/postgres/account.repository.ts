import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { findKnownOrBySql } from '../../../../platform/persistence/transaction-connection';
import type { AccountRepository, ApiKeyRepository } from '../../application/ports/account-repository';
import { Account } from '../../domain/account';
import { ApiKey, type KeyScope } from '../../domain/api-key';

@injectable()
export class MikroOrmAccountRepository implements AccountRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findById(id: string): Promise<Account | null> {
    return findKnownOrBySql(this.em, Account, 'accounts', id);
  }

  async save(account: Account): Promise<void> {
    await this.em.persist(account).flush();
  }
}

@injectable()
export class MikroOrmApiKeyRepository implements ApiKeyRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findByHash(secretHash: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { secretHash });
  }

  findActive(accountId: string, livemode: boolean, scope: KeyScope): Promise<ApiKey[]> {
    return this.em.find(ApiKey, { accountId, livemode, scope, revokedAt: null });
  }

  async save(...keys: ApiKey[]): Promise<void> {
    await this.em.persist(keys).flush();
  }
}
