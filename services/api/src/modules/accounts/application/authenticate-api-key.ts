import { inject, injectable } from 'inversify';
import { hashSecret, type KeyScope } from '../domain/api-key';
import { ACCOUNTS } from '../accounts.tokens';
import type { ApiKeyRepository } from './ports/account-repository';

export interface Authenticated {
  accountId: string;
  livemode: boolean;
  scope: KeyScope;
}

const KEY_SHAPE = /^(sk|ck)_(test|live)_[0-9A-Za-z]{32,}$/;

@injectable()
export class AuthenticateApiKey {
  constructor(@inject(ACCOUNTS.ApiKeyRepository) private readonly keys: ApiKeyRepository) {}

  /** The key's account and mode, or undefined for a malformed, unknown or revoked key. */
  async execute(secret: string): Promise<Authenticated | undefined> {
    if (!KEY_SHAPE.test(secret)) return undefined;
    const key = await this.keys.findByHash(hashSecret(secret));
    if (!key || !key.isActive()) return undefined;
    return { accountId: key.accountId, livemode: key.livemode, scope: key.scope };
  }
}
