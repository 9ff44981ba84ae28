// The compiled command lines, rebuilt when a source is newer than the build.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const API = fileURLToPath(new URL('..', import.meta.url));

export const TARGETS = {
  /** The service's own command line (accounts, keys, emails, jobs); one build makes the server and the benchmarks' servers too. */
  api: {
    dir: API,
    sources: ['src', 'migrations', 'bench/servers'],
    entry: 'dist/cli/cli.js',
    alongside: [
      'dist/server/start.js',
      'dist/bench/subject.js',
      'dist/bench/baseline.js',
      'dist/bench/receivers.js',
      'dist/bench/stub.js',
      'dist/bench/worker.js',
    ],
  },
  /** The SDK's `kupa` command (listen, trigger), which needs only an API key. */
  sdk: { dir: join(API, '..', '..', 'sdk'), sources: ['src'], entry: 'dist/cli.js', alongside: [] },
};

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function builtAt(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** The path of the target's compiled command line, compiling first if any source is newer. */
export function ensureCompiled(target) {
  const entry = join(target.dir, target.entry);
  const stale = Math.max(...target.sources.map((dir) => newest(join(target.dir, dir)))) > builtAt(entry);
  if (stale || target.alongside.some((output) => builtAt(join(target.dir, output)) === 0)) {
    process.stderr.write(`Compiling ${target.dir}…\n`);
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: target.dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error(`compiling ${target.dir} failed`);
  }
  return entry;
}
