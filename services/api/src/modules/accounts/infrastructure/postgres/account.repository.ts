import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Scope } from '../../../../shared/domain/scope';
import type { AccountRepository, ApiKeyRepository, LogoRepository } from '../../application/ports/account-repository';
import { Account } from '../../domain/account';
import { AccountLogo } from '../../domain/account-logo';
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
  'branding',
  'supportRefundLimit',
]);
/** A logo is never changed: a new upload is a new logo. */
const LOGOS = new AggregateTable(AccountLogo, []);
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
    return API_KEYS.findOne(this.em, { secretHash });
  }

  findActive(accountId: string, livemode: boolean, scope: KeyScope): Promise<ApiKey[]> {
    return API_KEYS.find(this.em, { accountId, livemode, scope, revokedAt: null });
  }

  lockActiveMadeBy(accountId: string, userId: string): Promise<ApiKey[]> {
    return API_KEYS.find(this.em, { madeByUser: userId, accountId, revokedAt: null }, { lock: 'wait' });
  }

  lockInScope(scope: Scope, id: string): Promise<ApiKey | null> {
    return API_KEYS.lockedInScope(this.em, scope, id);
  }

  list(scope: Scope, page: PageRequest): Promise<Page<ApiKey>> {
    return API_KEYS.page(this.em, { accountId: scope.accountId, livemode: scope.livemode }, page);
  }

  add(keys: ApiKey[]): Promise<void> {
    return API_KEYS.insert(this.em, keys);
  }

  save(keys: ApiKey[]): Promise<void> {
    return API_KEYS.save(this.em, keys);
  }
}

@injectable()
export class PgLogoRepository implements LogoRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(logo: AccountLogo): Promise<void> {
    return LOGOS.insert(this.em, [logo]);
  }

  findById(id: string): Promise<AccountLogo | null> {
    return LOGOS.known(this.em, id);
  }
}
