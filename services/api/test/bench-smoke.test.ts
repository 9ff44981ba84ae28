import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('pnpm bench', () => {
  // Timings mean nothing at this size and never gate the tests: this proves the suite still runs and that
  // each benchmark's own checks of what it timed (rows written, no failed requests) hold.
  it('runs every benchmark of the suite at smoke size', () => {
    const bench = (args: string[]) => spawnSync('pnpm', ['exec', 'tsx', 'bench/run.ts', ...args], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, BENCH_SMOKE: '1', BENCH_LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 150_000,
    });
    // The suite's own list, so a benchmark added to it is smoke-run here without anyone remembering to.
    const names = bench(['--list']).stdout.trim().split('\n');
    expect(names).toEqual(expect.arrayContaining(['http-floor', 'create-customer', 'guards']));
    const run = bench([]);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    for (const name of names) expect(run.stdout).toMatch(new RegExp(`^bench ${name}: ratio \\d+(\\.\\d+)? \\(goal`, 'm'));
  }, 200_000);
});
