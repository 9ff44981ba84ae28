// What every benchmark is made of: the run's sizes, the servers it may start, its context and its shape.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Services } from '../src/main/container';
import type { TranzilaTwin } from '../twins/tranzila/twin';
import type { Measure } from './load';

export const SMOKE = process.env.BENCH_SMOKE === '1';
export const QUICK = SMOKE || process.env.BENCH_QUICK === '1';

/** A size for a full run, a quick one (`BENCH_QUICK=1`) and the smoke run of `pnpm test`. */
export const size = <T>(full: T, quick: T, smoke: T): T => (SMOKE ? smoke : QUICK ? quick : full);

/** A trial's item count: the run's size, a tenth of it for the warm-up. */
export const trialItems = (full: number, quick: number, smoke: number, warmUp: boolean): number => {
  const items = size(full, quick, smoke);
  return warmUp ? Math.ceil(items / 10) : items;
};

const TRIAL_MS = size(3_000, 1_500, 300);

/**
 * A benchmark's timed rounds of each side: one in a quick run; otherwise its own `rounds`, else three in
 * a full run and two in the smoke run (so a round that starts with the baseline runs there too).
 */
export const roundsOf = (bench: Benchmark): number => (bench.once || (QUICK && !SMOKE) ? 1 : (bench.rounds ?? size(3, 1, 2)));

/**
 * How long a trial of `bench` lasts: TRIAL_MS for a warm-up and for a benchmark of three rounds or fewer;
 * a round of a benchmark with more, its share of three such trials, so more rounds take no longer.
 */
export const trialMs = (bench: Benchmark, warmUp: boolean): number => {
  const rounds = roundsOf(bench);
  return warmUp || rounds <= 3 ? TRIAL_MS : Math.round((TRIAL_MS * 3) / rounds);
};
export const CONNECTIONS = size(50, 50, 4);

/** The run's master key: what the runner seals (a live account's processor credentials), the servers open. */
export const BENCH_MASTER_KEY = randomBytes(32).toString('base64');
/** The Tranzila twin's terminal the live benchmark's account connects. */
export const BENCH_TERMINAL = { terminal: 'benchshop', appKey: 'bench_app_key', secret: 'bench-terminal-secret' };

/** The servers a benchmark may ask for, compiled, each in its own process. */
export const SERVERS = {
  subject: { script: 'subject', env: {} },
  baseline: { script: 'baseline', env: {} },
  /**
   * The service with and without Idempotency-Key and rate limits, request metrics, and the request log:
   * pairs of processes of their own, started alike and used by nothing else, so what a process ran before
   * (the code V8 optimized for other requests) weighs on neither side.
   */
  guarded: { script: 'subject', env: {} },
  unguarded: { script: 'subject', env: { BENCH_GUARDS: 'off' } },
  metered: { script: 'subject', env: {} },
  unmetered: { script: 'subject', env: { BENCH_METRICS: 'off' } },
  logged: { script: 'subject', env: {} },
  unlogged: { script: 'subject', env: { BENCH_REQUEST_LOG: 'off' } },
  /** Four webhook receivers verifying every delivery's signature. */
  receivers: { script: 'receivers', env: {} },
  /** A stub answering `POST /v1/customers` with a fixed customer, for the SDK. */
  stub: { script: 'stub', env: {} },
  /**
   * The service's worker role, polling as production does (`JOB_POLL_INTERVAL_MS` unset: its default),
   * delivering to the receivers on this machine.
   */
  worker: { script: 'worker', env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } },
} as const;
export type ServerName = keyof typeof SERVERS;

/** The compiled scripts' directory (a test looks for leftover processes by it). */
export const SERVER_DIR = fileURLToPath(new URL('../dist/bench/', import.meta.url));

export interface Server {
  origin: string;
  /** What the server printed after `ready <port>` on its first line, if anything (the receivers' ports). */
  info: string;
  process: ChildProcess;
}

export interface Context {
  databaseUrl: string;
  /** A small pool for seeding and checking. */
  db: pg.Pool;
  /** The service in this process: seeding through its use cases, and the job benchmarks' subject. */
  services: Services;
  /** The in-process service's API, for seeding. */
  api: string;
  key: string;
  accountId: string;
  /** Starts a server on first use; later calls return the same one. */
  server(name: ServerName): Promise<Server>;
  /** Starts a server of the caller's own, which it stops (SIGTERM); one left running is stopped when the run ends. */
  spawn(name: ServerName): Promise<Server>;
  /** Runs `close` when the run ends, before the database stops. */
  onEnd(close: () => Promise<void>): void;
  /** A twin of Tranzila's API (every server's `TRANZILA_API_URL`), with `BENCH_TERMINAL`. */
  tranzila: TranzilaTwin;
}

export type Side = 'subject' | 'baseline';

export interface Benchmark {
  name: string;
  /** One line for `--list` and the README: what the ratio compares. */
  what: string;
  goal: number;
  floor: number;
  /**
   * Timed rounds in a full run, when three are too few: two sides that differ by less than the machine's
   * noise over seconds are measured in many short rounds (see `trialMs`), so both meet the same moments
   * of the machine and the median settles.
   */
  rounds?: number;
  /** `lower`: the ratio is a size, at most the goal. */
  better?: 'higher' | 'lower';
  /** What `rate` counts, for the printed line. */
  unit?: string;
  /** Once, before the warm-up. */
  prepare?(ctx: Context): Promise<void>;
  /**
   * One timed trial of one side; it checks what it timed and throws when that is wrong. The warm-up
   * trial may be smaller (a sweep's warm-up need not take as long as its rounds). A trial under load
   * lasts `durationMs` (`trialMs`).
   */
  trial(ctx: Context, side: Side, warmUp: boolean, durationMs: number): Promise<Measure>;
  /** Figures shown beside the ratio. */
  extra?(ctx: Context): Promise<Record<string, number | string>>;
  /** Deterministic: one trial of each side, no warm-up, no rounds. */
  once?: boolean;
  /** `pnpm bench --scale`: the subject at `items`, timed. */
  scale?(ctx: Context, items: number): Promise<{ seconds: number }>;
}

/**
 * A server in production mode, in its own process; `spawned` tracks it before it is ready. Servers exit
 * on SIGTERM (writing their profile); the run SIGKILLs any that do not.
 */
export function startServer(name: ServerName, databaseUrl: string, spawned: (child: ChildProcess) => void): Promise<Server> {
  const { script, env } = SERVERS[name];
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROF=<dir>: each server writes a CPU profile there when the run ends.
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const child = spawn(process.execPath, [...profile, `${SERVER_DIR}${script}.js`], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        NODE_ENV: 'production',
        CARD_FINGERPRINT_SECRET: randomBytes(32).toString('hex'),
        MASTER_KEY: BENCH_MASTER_KEY,
        // One key drives the whole load, far beyond what a merchant's rate limit allows: the limiter
        // runs (its cost is measured) with buckets the load never empties.
        RATE_LIMIT_PER_SECOND: '1000000000',
        RATE_LIMIT_BURST: '1000000000',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000',
        ...env,
      },
      stdio: ['ignore', process.env.BENCH_DEBUG ? 'inherit' : 'ignore', 'pipe'],
    });
    spawned(child);
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk;
      const match = err.match(/ready (\d+)(.*)\n/);
      if (match) resolve({ origin: `http://127.0.0.1:${match[1]}`, info: match[2].trim(), process: child });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${err}`)));
  });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Seconds `work` took. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
}

/** Polls `done` every 10 ms until it holds; fails after `timeoutMs` with `what`. */
export async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
