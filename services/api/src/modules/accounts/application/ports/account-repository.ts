import type { Account } from '../../domain/account';
import type { AccountLogo } from '../../domain/account-logo';
import type { ApiKey, KeyScope } from '../../domain/api-key';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Scope } from '../../../../shared/domain/scope';

export interface AccountRepository {
  findById(id: string): Promise<Account | null>;
  add(account: Account): Promise<void>;
  save(account: Account): Promise<void>;
}

export interface ApiKeyRepository {
  findByHash(secretHash: string): Promise<ApiKey | null>;
  findActive(accountId: string, livemode: boolean, scope: KeyScope): Promise<ApiKey[]>;
  /** The active keys `userId` made, in every mode, locked until the unit of work ends. */
  lockActiveMadeBy(accountId: string, userId: string): Promise<ApiKey[]>;
  /** The key of the scope, locked until the unit of work ends. */
  lockInScope(scope: Scope, id: string): Promise<ApiKey | null>;
  list(scope: Scope, page: PageRequest): Promise<Page<ApiKey>>;
  add(keys: ApiKey[]): Promise<void>;
  /** Writes what changes on a key: its revocation. */
  save(keys: ApiKey[]): Promise<void>;
}

export interface LogoRepository {
  add(logo: AccountLogo): Promise<void>;
  findById(id: string): Promise<AccountLogo | null>;
}
