import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unreachableDirectory } from './database';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('unreachableDirectory', () => {
  it('names the first directory on the way that the database user may not enter', () => {
    const root = mkdtempSync(join(tmpdir(), 'kupa-reach-'));
    made.push(root);
    const dataDir = join(root, 'clone', '.data');
    mkdirSync(join(root, 'clone'), { recursive: true });
    chmodSync(root, 0o700);
    const stranger = { uid: 54_321, gid: 54_321 };
    expect(unreachableDirectory(dataDir, stranger)).toBe(root);
    // The owner itself may enter; so may everyone once it is o+x.
    expect(unreachableDirectory(dataDir, { uid: process.getuid!(), gid: process.getgid!() })).toBeNull();
    chmodSync(root, 0o711);
    expect(unreachableDirectory(dataDir, stranger)).toBeNull();
    expect(unreachableDirectory(dataDir, null)).toBeNull();
  });
});
