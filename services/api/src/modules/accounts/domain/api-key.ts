import { hash } from 'node:crypto';
import { newId, randomBase62 } from '../../../shared/domain/ids';

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
  createdAt!: Date;
  revokedAt!: Date | null;

  /** Returns the key and its secret; the secret is shown once and never stored. */
  static issue(input: { accountId: string; livemode: boolean; scope: KeyScope }, now: Date): { key: ApiKey; secret: string } {
    const prefix = `${input.scope === 'full' ? 'sk' : 'ck'}_${input.livemode ? 'live' : 'test'}_`;
    const secret = prefix + randomBase62(SECRET_LENGTH);
    const key = new ApiKey();
    key.id = newId('key');
    key.accountId = input.accountId;
    key.livemode = input.livemode;
    key.scope = input.scope;
    key.secretHash = hashSecret(secret);
    key.last4 = secret.slice(-4);
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
