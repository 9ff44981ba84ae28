import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const ENV = { ...process.env, BENCH_SMOKE: '1', BENCH_LOG_LEVEL: 'silent' };
/** Processes a benchmark run started: its servers (by their compiled path) and its PostgreSQL (by its data directory). */
const leftovers = () =>
  ['dist/bench/', 'kupa-bench-'].flatMap((pattern) =>
    spawnSync('pgrep', ['-f', pattern === 'dist/bench/' ? `${API_DIR}${pattern}` : pattern], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')
      .filter(Boolean),
  );

/** The temporary directories benchmark runs made and did not remove. */
const leftoverDirs = () => readdirSync(tmpdir()).filter((name) => name.startsWith('kupa-bench-'));

describe('pnpm bench', () => {
  // Timings mean nothing at this size and never gate the tests: this proves the suite still runs and that
  // each benchmark's own checks of what it timed (rows written, no failed requests) hold.
  it('runs every benchmark of the suite at smoke size and leaves no process behind', () => {
    const bench = (args: string[]) =>
      spawnSync('pnpm', ['exec', 'tsx', 'bench/run.ts', ...args], { cwd: API_DIR, env: ENV, encoding: 'utf8', timeout: 240_000 });
    // The suite's own list, so a benchmark added to it is smoke-run here without anyone remembering to.
    const before = leftoverDirs();
    const names = bench(['--list']).stdout.trim().split('\n');
    expect(names).toEqual(
      expect.arrayContaining([
        'http-floor',
        'create-customer',
        'guards',
        'metrics',
        'request-log',
        'create-checkout-session',
        'discount-apply-remove',
        'confirm-checkout',
        'confirm-checkout-live',
        'renewal-sweep',
        'renewal-latency-overlap',
        'webhook-fanout',
        'queue-drain',
        'expiry-sweeps',
        'delivery-lag',
        'checkout-bundle',
        'sdk-overhead',
        'document-pdf',
      ]),
    );
    const run = bench([]);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    // Each ratio with its goal, its floor and the spread of its rounds' own ratios.
    for (const name of names)
      expect(run.stdout).toMatch(
        new RegExp(`^bench ${name}: ratio \\d+(\\.\\d+)? \\(goal [^;]+; rounds \\d+(\\.\\d+)?–\\d+(\\.\\d+)?\\)`, 'm'),
      );
    // The delivery lag is timed on both sides, from every delivery the receivers got.
    expect(run.stdout).toMatch(
      /^bench delivery-lag: .*worker p50 \d+ ms, p99 \d+ ms \([1-9]\d* deliveries\), raw loop p50 \d+ ms, p99 \d+ ms/m,
    );
    // The signed PDFs are counted in documents a second, each side's pages printed and checked.
    expect(run.stdout).toMatch(/^bench document-pdf: .* — [\d.]+ vs [\d.]+ documents\/s, 2 rounds$/m);
    // Rounds run here as in a full run: two (the second starts with the baseline), or the benchmark's own
    // fifteen short ones.
    expect(run.stdout).toMatch(/^bench http-floor: .* req\/s, 2 rounds$/m);
    for (const name of ['guards', 'metrics', 'request-log'])
      expect(run.stdout).toMatch(new RegExp(`^bench ${name}: .* req/s, 15 rounds$`, 'm'));
    expect(leftovers()).toEqual([]);
    expect(leftoverDirs()).toEqual(before);
  }, 300_000);

  it('runs one benchmark alone to its end and leaves nothing behind; checkout-bundle counts what the page loads', () => {
    const before = leftoverDirs();
    const run = spawnSync('pnpm', ['exec', 'tsx', 'bench/run.ts', 'checkout-bundle'], {
      cwd: API_DIR,
      env: ENV,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stderr).not.toContain('Connection terminated');
    // The portal's chunk, loaded on /portal only, is shown apart from the page's own weight.
    expect(run.stdout).toMatch(/^bench checkout-bundle: .*page [\d.]+ kB, portal chunk [\d.]+ kB, loaded on \/portal only/m);
    expect(leftovers()).toEqual([]);
    expect(leftoverDirs()).toEqual(before);
  }, 300_000);

  it('--scale times the sweeps at growing sizes and prints the time per item', () => {
    const run = spawnSync('pnpm', ['exec', 'tsx', 'bench/run.ts', '--scale'], {
      cwd: API_DIR,
      env: ENV,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    for (const name of ['renewal-sweep', 'webhook-fanout', 'expiry-sweeps']) {
      // At smoke size: 20 and 40 items.
      expect(run.stdout).toMatch(new RegExp(`^scale ${name}: 20 items in [\\d.]+ s, [\\d.]+ ms per item$`, 'm'));
      expect(run.stdout).toMatch(new RegExp(`^scale ${name}: 40 items in [\\d.]+ s, [\\d.]+ ms per item$`, 'm'));
    }
    expect(leftovers()).toEqual([]);
  }, 300_000);

  it('an interrupted run stops the servers and the database it started, and removes its files', async () => {
    const before = leftoverDirs();
    const runner = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts'], { cwd: API_DIR, env: ENV, stdio: 'ignore' });
    const exited = new Promise((resolve) => runner.on('exit', resolve));
    for (let waited = 0; leftovers().filter((line) => line).length < 3; waited += 100) {
      if (waited > 60_000) throw new Error('the benchmark servers never started');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    runner.kill('SIGINT');
    await exited;
    for (let waited = 0; leftovers().length > 0 && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leftovers()).toEqual([]);
    expect(leftoverDirs()).toEqual(before);
  }, 120_000);
});
