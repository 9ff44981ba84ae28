import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirSecret } from './secrets';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('dataDirSecret', () => {
  it('generates a long random secret on first use, readable by its owner only, and keeps it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kupa-secret-')), 'data');
    dirs.push(dir);
    const first = dataDirSecret(dir, 'card-fingerprint.secret');
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(statSync(join(dir, 'card-fingerprint.secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'card-fingerprint.secret'), 'utf8')).toBe(first);
    expect(dataDirSecret(dir, 'card-fingerprint.secret')).toBe(first);

    const other = join(mkdtempSync(join(tmpdir(), 'kupa-secret-')), 'data');
    dirs.push(other);
    expect(dataDirSecret(other, 'card-fingerprint.secret')).not.toBe(first);
  });
});
