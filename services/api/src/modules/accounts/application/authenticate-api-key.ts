import { inject, injectable } from 'inversify';
import type { KeyActor } from '../../../shared/domain/actor';
import { keyActsAs } from '../../../shared/domain/roles';
import { hashSecret, type KeyScope } from '../domain/api-key';
import { ACCOUNTS } from '../accounts.tokens';
import type { ApiKeyRepository } from './ports/account-repository';
import type { KeyRevocationFeed } from './ports/key-revocations';

export interface Authenticated {
  accountId: string;
  livemode: boolean;
  scope: KeyScope;
  /** The key as whom the request acts (its role is authorized per operation afterwards). */
  actor: KeyActor;
}

const KEY_SHAPE = /^(sk|ck)_(test|live)_[0-9A-Za-z]{32,}$/;
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

/**
 * Every authenticated request passes here, so active keys are remembered for a minute. A revocation in
 * any process evicts them at once through the revocation feed; while the feed is down nothing is
 * trusted from memory. Unknown keys are never remembered.
 */
@injectable()
export class AuthenticateApiKey {
  private readonly cache = new Map<string, { auth: Authenticated; expires: number }>();
  /** Bumped on every revocation and reset, so a lookup that raced one is not cached. */
  private epoch = 0;

  constructor(
    @inject(ACCOUNTS.ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(ACCOUNTS.KeyRevocationFeed) private readonly revocations: KeyRevocationFeed,
  ) {
    revocations.subscribe(
      (hash) => {
        this.epoch++;
        this.cache.delete(hash);
      },
      () => {
        this.epoch++;
        this.cache.clear();
      },
    );
  }

  /**
   * The key's account and mode, or undefined for a malformed, unknown or revoked key: at once when the
   * key is remembered (every request but a key's first in a minute), else once it is read.
   */
  execute(secret: string): Authenticated | undefined | Promise<Authenticated | undefined> {
    if (!KEY_SHAPE.test(secret)) return undefined;
    const hash = hashSecret(secret);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.expires > now && this.revocations.live) return cached.auth;
    return this.lookUp(hash, now);
  }

  private async lookUp(hash: string, now: number): Promise<Authenticated | undefined> {
    const epoch = this.epoch;
    const key = await this.keys.findByHash(hash);
    if (!key || !key.isActive()) return undefined;
    const auth: Authenticated = {
      accountId: key.accountId,
      livemode: key.livemode,
      scope: key.scope,
      actor: {
        kind: 'key',
        keyId: key.id,
        role: keyActsAs(key.role),
        madeBy: key.madeByUser === null ? null : { userId: key.madeByUser, email: key.madeByEmail! },
        refundLimit: null,
      },
    };
    if (epoch === this.epoch && this.revocations.live) {
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(hash, { auth, expires: now + CACHE_TTL_MS });
    }
    return auth;
  }
}
