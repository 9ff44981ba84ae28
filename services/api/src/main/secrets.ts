import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * A secret kept in the data directory (readable by its owner only), generated on first use: how a laptop
 * install gets secrets without configuration. Production passes them in the environment instead.
 */
export function dataDirSecret(dataDir: string, name: string, generate: () => string = () => randomBytes(48).toString('base64url')): string {
  const file = resolve(dataDir, name);
  const existing = readIfPresent(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, generate(), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process starting at the same moment wrote it first: its secret is the secret.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readIfPresent(file)!;
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
