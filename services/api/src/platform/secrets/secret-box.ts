import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecretBox } from '../../shared/domain/secret-box';
import { poolRows } from '../persistence/sql/statements';

/** The master key every data key is wrapped by, and those it replaced (still read during a rotation). */
export interface MasterKeys {
  current: Buffer;
  previous: Buffer[];
}

/** A master key's public name: it says which key wrapped a data key, and nothing of the key. */
export function masterKeyId(key: Buffer): string {
  return createHash('sha256').update('kupa-master-key-id').update(key).digest('hex').slice(0, 16);
}

/**
 * AES-256-GCM envelopes: each account has a random data key (`account_data_keys`), stored wrapped by
 * the master key; secrets are sealed by the data key with the account and purpose as associated data.
 * Unwrapped data keys are kept in memory, so opening a secret costs one decryption.
 */
type DataKeyRow = { account_id: string; wrapped: string; master_key_id: string };

export class AesSecretBox implements SecretBox {
  private readonly dataKeys = new Map<string, Promise<Buffer>>();
  private keys?: MasterKeys;

  /** `masterKeys` is asked on first use only: a process that never opens a secret never reads the key. */
  constructor(
    private readonly em: EntityManager,
    private readonly masterKeys: () => MasterKeys,
  ) {}

  private get masters(): MasterKeys {
    this.keys ??= this.masterKeys();
    return this.keys;
  }

  async seal(accountId: string, purpose: string, plaintext: string): Promise<string> {
    return encrypt(await this.dataKey(accountId), `secret:${accountId}:${purpose}`, Buffer.from(plaintext, 'utf8'));
  }

  async open(accountId: string, purpose: string, sealed: string): Promise<string> {
    return decrypt(await this.dataKey(accountId), `secret:${accountId}:${purpose}`, sealed).toString('utf8');
  }

  async prepare(accountId: string): Promise<void> {
    await this.dataKey(accountId);
  }

  /**
   * Re-wraps every data key wrapped by a previous master key under the current one; secrets sealed by
   * the data keys are untouched. Processes that still run with the old key as `MASTER_KEY_PREVIOUS`
   * keep reading throughout. Answers how many were re-wrapped.
   */
  async rotateMaster(): Promise<number> {
    const currentId = masterKeyId(this.masters.current);
    const rows = await poolRows<DataKeyRow>(
      this.em,
      'select account_id, wrapped, master_key_id from account_data_keys where master_key_id <> $1',
      [currentId],
    );
    let rotated = 0;
    for (const row of rows) {
      const dataKey = this.unwrap(row.account_id, row.wrapped, row.master_key_id);
      const updated = await poolRows(
        this.em,
        'update account_data_keys set wrapped = $2, master_key_id = $3, rotated_at = now() where account_id = $1 and master_key_id = $4 returning 1',
        [row.account_id, encrypt(this.masters.current, `data-key:${row.account_id}`, dataKey), currentId, row.master_key_id],
      );
      rotated += updated.length;
    }
    return rotated;
  }

  private dataKey(accountId: string): Promise<Buffer> {
    let key = this.dataKeys.get(accountId);
    if (!key) {
      key = this.loadOrCreate(accountId);
      key.catch(() => this.dataKeys.delete(accountId));
      this.dataKeys.set(accountId, key);
    }
    return key;
  }

  private async loadOrCreate(accountId: string): Promise<Buffer> {
    const read = () =>
      poolRows<DataKeyRow>(this.em, 'select account_id, wrapped, master_key_id from account_data_keys where account_id = $1', [accountId]);
    let rows = await read();
    if (rows.length === 0) {
      const fresh = randomBytes(32);
      await poolRows(
        this.em,
        'insert into account_data_keys (account_id, wrapped, master_key_id, created_at) values ($1, $2, $3, now()) on conflict (account_id) do nothing',
        [accountId, encrypt(this.masters.current, `data-key:${accountId}`, fresh), masterKeyId(this.masters.current)],
      );
      // Another process may have made the account's key first: the stored one is the key.
      rows = await read();
    }
    return this.unwrap(accountId, rows[0].wrapped, rows[0].master_key_id);
  }

  private unwrap(accountId: string, wrapped: string, keyId: string): Buffer {
    const master = [this.masters.current, ...this.masters.previous].find((key) => masterKeyId(key) === keyId);
    if (!master)
      throw new Error(
        `the data key of ${accountId} is wrapped by master key ${keyId}, which this process was not given (MASTER_KEY, MASTER_KEY_PREVIOUS)`,
      );
    return decrypt(master, `data-key:${accountId}`, wrapped);
  }
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
function encrypt(key: Buffer, associated: string, plaintext: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(associated, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

function decrypt(key: Buffer, associated: string, sealed: string): Buffer {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(associated, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
}
