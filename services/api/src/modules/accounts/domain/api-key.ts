import { hash } from 'node:crypto';
import { newId, randomBase62 } from '../../../shared/domain/ids';
import type { KeyRole } from '../../../shared/domain/roles';

/** `full`: secret keys (`sk_`). `checkout`: checkout-scoped keys (`ck_`). */
export type KeyScope = 'full' | 'checkout';

const SECRET_LENGTH = 32;

export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** An API key as stored: only the SHA-256 of the secret and its last four characters are kept. */
export class ApiKey {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  scope!: KeyScope;
  secretHash!: string;
  last4!: string;
  /** The role it acts with (at most its maker's); null for the account's own key, made by the operator. */
  role!: KeyRole | null;
  /** The user who made it, as they were then; null for an account key. */
  madeByUser!: string | null;
  madeByEmail!: string | null;
  createdAt!: Date;
  revokedAt!: Date | null;

  /** Returns the key and its secret; the secret is shown once and never stored. */
  static issue(
    input: {
      accountId: string;
      livemode: boolean;
      scope: KeyScope;
      role?: KeyRole | null;
      madeBy?: { userId: string; email: string } | null;
    },
    now: Date,
  ): { key: ApiKey; secret: string } {
    const prefix = `${input.scope === 'full' ? 'sk' : 'ck'}_${input.livemode ? 'live' : 'test'}_`;
    const secret = prefix + randomBase62(SECRET_LENGTH);
    const key = new ApiKey();
    key.id = newId('key');
    key.accountId = input.accountId;
    key.livemode = input.livemode;
    key.scope = input.scope;
    key.secretHash = hashSecret(secret);
    key.last4 = secret.slice(-4);
    key.role = input.role ?? null;
    key.madeByUser = input.madeBy?.userId ?? null;
    key.madeByEmail = input.madeBy?.email ?? null;
    key.createdAt = now;
    key.revokedAt = null;
    return { key, secret };
  }

  isActive(): boolean {
    return this.revokedAt === null;
  }

  revoke(now: Date): void {
    if (this.revokedAt === null) this.revokedAt = now;
  }
}
