import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('pnpm bench', () => {
  // Timings mean nothing at this size and never gate the tests: this proves the suite still runs and that
  // each benchmark's own checks of what it timed (rows written, no failed requests) hold.
  it('runs every benchmark at smoke size', () => {
    const run = spawnSync('pnpm', ['exec', 'tsx', 'bench/run.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, BENCH_SMOKE: '1', BENCH_LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    for (const name of ['http-floor', 'create-customer']) expect(run.stdout).toMatch(new RegExp(`^bench ${name}: ratio \\d+(\\.\\d+)? \\(goal`, 'm'));
  }, 150_000);
});
