import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root (where `pnpm-workspace.yaml` lives), found from this file's location, so the same
 * lookup works from the TypeScript sources and from the compiled bundle in `dist/`.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no pnpm-workspace.yaml above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

export function fromRepoRoot(...parts: string[]): string {
  return join(REPO_ROOT, ...parts);
}
