import { createHash, randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes drawn from the OS source 4 KB at a time (as Node does for randomUUID): one draw per
// request would cost more than the id itself.
const pool = Buffer.alloc(4096);
let taken = pool.length;
function randomByte(): number {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  return pool[taken++];
}

/** Unbiased base62 string from the OS random source (rejection sampling, 62 × 4 = 248 < 256). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

export type IdPrefix =
  | 'acct'
  | 'dcert'
  | 'dfile'
  | 'key'
  | 'prod'
  | 'price'
  | 'cus'
  | 'pm'
  | 'sub'
  | 'co'
  | 'ch'
  | 'evt'
  | 'disc'
  | 'doc'
  | 're'
  | 'whd'
  | 'clock'
  | 'tok'
  | 'att'
  | 'op'
  | 'subchg'
  | 'bps'
  | 'logo'
  | 'user'
  | 'dses'
  | 'aud';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(24)}`;
}

/**
 * The id an object gets when a client's key names it (an `Idempotency-Key`): the same seed always gives
 * the same id, so a retried request finds the object its first try made instead of making another.
 */
export function idFor(prefix: IdPrefix, seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  return `${prefix}_${Array.from(digest.subarray(0, 24), (byte) => BASE62[byte % 62]).join('')}`;
}
