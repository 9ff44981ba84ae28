import { describe, expect, it } from 'vitest';
import { ApiKey } from '../domain/api-key';
import { AuthenticateApiKey } from './authenticate-api-key';
import type { ApiKeyRepository } from './ports/account-repository';
import type { KeyRevocationFeed } from './ports/key-revocations';

class InMemoryKeys implements ApiKeyRepository {
  readonly keys = new Map<string, ApiKey>();
  lookups = 0;
  /** Runs during the next lookup, after it has read the row: a revocation racing the lookup. */
  duringLookup?: () => void;

  async findByHash(hash: string) {
    this.lookups++;
    const found = this.keys.get(hash) ?? null;
    const copy = found && Object.assign(new ApiKey(), found);
    this.duringLookup?.();
    this.duringLookup = undefined;
    return copy;
  }
  async findActive() {
    return [];
  }
  async lockActiveMadeBy(accountId: string, userId: string) {
    return [...this.keys.values()].filter((key) => key.accountId === accountId && key.madeByUser === userId && key.isActive());
  }
  async lockInScope(scope: { accountId: string; livemode: boolean }, id: string) {
    return (
      [...this.keys.values()].find((key) => key.id === id && key.accountId === scope.accountId && key.livemode === scope.livemode) ?? null
    );
  }
  async list() {
    return { items: [...this.keys.values()], hasMore: false };
  }
  async add(keys: ApiKey[]) {
    for (const key of keys) this.keys.set(key.secretHash, key);
  }
  async save(keys: ApiKey[]) {
    for (const key of keys) this.keys.set(key.secretHash, key);
  }
}

class FakeFeed implements KeyRevocationFeed {
  live = true;
  private revoked: (hash: string) => void = () => {};
  private reset: () => void = () => {};
  subscribe(onRevoked: (hash: string) => void, onReset: () => void) {
    this.revoked = onRevoked;
    this.reset = onReset;
  }
  announce(hash: string) {
    this.revoked(hash);
  }
  reconnect() {
    this.reset();
  }
}

function setup() {
  const keys = new InMemoryKeys();
  const feed = new FakeFeed();
  const { key, secret } = ApiKey.issue({ accountId: 'acct_1', livemode: false, scope: 'full' }, new Date());
  void keys.add([key]);
  const revoke = () => {
    key.revoke(new Date());
    feed.announce(key.secretHash);
  };
  return { keys, feed, secret, revoke, authenticate: new AuthenticateApiKey(keys, feed) };
}

describe('AuthenticateApiKey', () => {
  it("answers the key's account, mode and scope, and remembers it", async () => {
    const { keys, secret, authenticate } = setup();
    expect(await authenticate.execute(secret)).toMatchObject({ accountId: 'acct_1', livemode: false, scope: 'full' });
    await authenticate.execute(secret);
    expect(keys.lookups).toBe(1);
  });

  it('acts as the key: an account key as an admin, a user’s key with its role, naming its maker', async () => {
    const { keys, secret, authenticate } = setup();
    expect((await authenticate.execute(secret))!.actor).toEqual({
      kind: 'key',
      keyId: expect.any(String),
      role: 'admin',
      madeBy: null,
      refundLimit: null,
    });
    const made = ApiKey.issue(
      { accountId: 'acct_1', livemode: true, scope: 'full', role: 'support', madeBy: { userId: 'usr_1', email: 'dana@example.co.il' } },
      new Date(),
    );
    await keys.add([made.key]);
    expect((await authenticate.execute(made.secret))!.actor).toEqual({
      kind: 'key',
      keyId: made.key.id,
      role: 'support',
      madeBy: { userId: 'usr_1', email: 'dana@example.co.il' },
      refundLimit: null,
    });
  });

  it('refuses malformed and unknown keys without remembering them', async () => {
    const { keys, authenticate } = setup();
    expect(await authenticate.execute('sk_test_short')).toBeUndefined();
    expect(keys.lookups).toBe(0);
    const unknown = `sk_test_${'A'.repeat(32)}`;
    expect(await authenticate.execute(unknown)).toBeUndefined();
    expect(await authenticate.execute(unknown)).toBeUndefined();
    expect(keys.lookups).toBe(2);
  });

  it('forgets a key as soon as its revocation is announced', async () => {
    const { secret, revoke, authenticate } = setup();
    expect(await authenticate.execute(secret)).toBeDefined();
    revoke();
    expect(await authenticate.execute(secret)).toBeUndefined();
  });

  it('does not remember a lookup that a revocation raced', async () => {
    const { keys, secret, revoke, authenticate } = setup();
    keys.duringLookup = revoke;
    expect(await authenticate.execute(secret)).toBeDefined(); // read before the revocation committed
    expect(await authenticate.execute(secret)).toBeUndefined();
  });

  it('trusts nothing from memory while the feed is down, and starts afresh after it reconnects', async () => {
    const { keys, feed, secret, authenticate } = setup();
    await authenticate.execute(secret);
    feed.live = false;
    await authenticate.execute(secret);
    await authenticate.execute(secret);
    expect(keys.lookups).toBe(3);
    feed.live = true;
    feed.reconnect();
    await authenticate.execute(secret);
    await authenticate.execute(secret);
    expect(keys.lookups).toBe(4);
  });
});
