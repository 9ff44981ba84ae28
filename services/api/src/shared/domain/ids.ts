import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Unbiased base62 string from the OS random source (rejection sampling, 62 × 4 = 248 < 256). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdPrefix =
  | 'acct' | 'key' | 'prod' | 'price' | 'cus' | 'pm' | 'sub' | 'co' | 'ch' | 'evt' | 'disc'
  | 'doc' | 're' | 'whd' | 'clock' | 'tok' | 'att' | 'op';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(24)}`;
}
