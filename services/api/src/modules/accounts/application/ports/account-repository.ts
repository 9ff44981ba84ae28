import type { Account } from '../../domain/account';
import type { AccountLogo } from '../../domain/account-logo';
import type { ApiKey, KeyScope } from '../../domain/api-key';

export interface AccountRepository {
  findById(id: string): Promise<Account | null>;
  add(account: Account): Promise<void>;
  save(account: Account): Promise<void>;
}

export interface ApiKeyRepository {
  findByHash(secretHash: string): Promise<ApiKey | null>;
  findActive(accountId: string, livemode: boolean, scope: KeyScope): Promise<ApiKey[]>;
  add(keys: ApiKey[]): Promise<void>;
  /** Writes what changes on a key: its revocation. */
  save(keys: ApiKey[]): Promise<void>;
}

export interface LogoRepository {
  add(logo: AccountLogo): Promise<void>;
  findById(id: string): Promise<AccountLogo | null>;
}
