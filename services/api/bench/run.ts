// pnpm bench [name…] — each benchmark runs its subject and a baseline in the same run, interleaved
// A B A B A B after a warm-up, and reports the ratio of medians. BENCH_QUICK=1 for a short run;
// BENCH_SMOKE=1 (what `pnpm test` runs) proves every benchmark still runs and checks what it timed, at a
// size where timings mean nothing: it never fails on a ratio and keeps bench-results/ untouched.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../src/main/config';
import { createServices } from '../src/main/container';
import { startEmbeddedPostgres } from '../src/main/database';
import { CreateAccount } from '../src/modules/accounts/application/create-account';
import { ensureCompiled, TARGETS } from '../scripts/compiled.mjs';
import { type LoadResult, runLoad, unloadedLatency } from './load';

const SMOKE = process.env.BENCH_SMOKE === '1';
const QUICK = SMOKE || process.env.BENCH_QUICK === '1';
const TRIAL_MS = SMOKE ? 300 : QUICK ? 1_500 : 5_000;
const ROUNDS = QUICK ? 1 : 3;
const CONNECTIONS = SMOKE ? 4 : 50;
const UNLOADED_REQUESTS = SMOKE ? 10 : 200;
/** Where a full or quick run writes each benchmark's result. */
const RESULTS_DIR = fileURLToPath(new URL('../../../bench-results', import.meta.url));

/** The compiled benchmark servers, by absolute path (a test looks for leftovers by it). */
const SERVERS = {
  subject: fileURLToPath(new URL('../dist/bench/subject.js', import.meta.url)),
  baseline: fileURLToPath(new URL('../dist/bench/baseline.js', import.meta.url)),
};

interface Server {
  origin: string;
  process: ChildProcess;
}

interface Context {
  databaseUrl: string;
  db: pg.Pool;
  subject: Server;
  baseline: Server;
  /** The subject without request metrics. */
  unmetered: Server;
  /** The subject without Idempotency-Key and rate limits. */
  unguarded: Server;
  key: string;
  accountId: string;
}

interface Benchmark {
  name: string;
  goal: number;
  floor: number;
  /** One timed trial of each side; `before` resets state, `check` asserts what was timed is correct. */
  trial(ctx: Context, side: 'subject' | 'baseline'): Promise<LoadResult>;
  extra?(ctx: Context): Promise<Record<string, number>>;
}

/**
 * A server in production mode. One key drives the whole load, far beyond what a merchant's rate limit
 * allows: the limiter runs (its cost is measured) with a bucket the load never empties.
 */
function startServer(script: string, databaseUrl: string, env: Record<string, string>, spawned: (child: ChildProcess) => void): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        NODE_ENV: 'production',
        CARD_FINGERPRINT_SECRET: randomBytes(32).toString('hex'),
        RATE_LIMIT_PER_SECOND: '1000000000',
        RATE_LIMIT_BURST: '1000000000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    spawned(child);
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk;
      const match = err.match(/ready (\d+)/);
      if (match) resolve({ origin: `http://127.0.0.1:${match[1]}`, process: child });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${err}`)));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function assertClean(name: string, side: string, result: LoadResult): void {
  if (result.errors > 0) throw new Error(`${name}/${side}: ${result.errors} failed requests`);
  if (result.requests === 0) throw new Error(`${name}/${side}: no requests completed`);
}

const benchmarks: Benchmark[] = [
  {
    name: 'http-floor',
    goal: 0.7,
    floor: 0.2,
    async trial(ctx, side) {
      const server = ctx[side];
      const result = await runLoad(server.origin, { path: '/v1/account', headers: { authorization: `Bearer ${ctx.key}` }, connections: CONNECTIONS, durationMs: TRIAL_MS });
      assertClean('http-floor', side, result);
      return result;
    },
  },
  {
    name: 'create-customer',
    goal: 0.6,
    floor: 0.2,
    async trial(ctx, side) {
      await ctx.db.query('truncate customers cascade'); // with what references them (sessions, cards, subscriptions)
      const server = ctx[side];
      const body = () => JSON.stringify({ name: 'Noa Cohen', email: 'noa@example.co.il', phone: '+972525551234' });
      const result = await runLoad(server.origin, {
        method: 'POST',
        path: '/v1/customers',
        headers: { authorization: `Bearer ${ctx.key}`, 'content-type': 'application/json' },
        body,
        connections: CONNECTIONS,
        durationMs: TRIAL_MS,
      });
      assertClean('create-customer', side, result);
      const { rows } = await ctx.db.query('select count(*)::int as n, count(distinct id)::int as ids from customers where account_id = $1', [ctx.accountId]);
      if (rows[0].n !== result.requests || rows[0].ids !== result.requests) {
        throw new Error(`create-customer/${side}: ${result.requests} answered 200 but ${rows[0].n} rows (${rows[0].ids} distinct) were written`);
      }
      return result;
    },
    async extra(ctx) {
      const options = {
        method: 'POST' as const,
        path: '/v1/customers',
        headers: { authorization: `Bearer ${ctx.key}`, 'content-type': 'application/json' },
        body: () => JSON.stringify({ name: 'Solo' }),
      };
      return {
        subject_unloaded_p50_ms: await unloadedLatency(ctx.subject.origin, options, UNLOADED_REQUESTS),
        baseline_unloaded_p50_ms: await unloadedLatency(ctx.baseline.origin, options, UNLOADED_REQUESTS),
      };
    },
  },
  {
    // What Idempotency-Key (a fresh key on every request, so each is claimed and its answer kept) and the
    // rate limiter cost: the service with both, against the same service without them.
    name: 'guards',
    goal: 0.7,
    floor: 0.3,
    async trial(ctx, side) {
      const guarded = side === 'subject';
      const result = await runLoad((guarded ? ctx.subject : ctx.unguarded).origin, {
        method: 'POST',
        path: '/v1/customers',
        headers: () => ({ authorization: `Bearer ${ctx.key}`, 'content-type': 'application/json', ...(guarded ? { 'idempotency-key': randomUUID() } : {}) }),
        body: () => JSON.stringify({ name: 'Noa Cohen' }),
        connections: CONNECTIONS,
        durationMs: TRIAL_MS,
      });
      assertClean('guards', side, result);
      if (guarded) {
        const { rows } = await ctx.db.query('select count(*)::int as n from idempotency_keys where account_id = $1 and response_status = 200', [ctx.accountId]);
        if (rows[0].n < result.requests) throw new Error(`guards/subject: ${result.requests} requests with a key but ${rows[0].n} answers kept`);
      }
      return result;
    },
  },
  {
    // What counting every request for Prometheus costs: POST /v1/customers on the service with its request
    // metrics, against the same service without them.
    name: 'metrics',
    goal: 0.97,
    floor: 0.5,
    async trial(ctx, side) {
      const result = await runLoad((side === 'subject' ? ctx.subject : ctx.unmetered).origin, {
        method: 'POST',
        path: '/v1/customers',
        headers: { authorization: `Bearer ${ctx.key}`, 'content-type': 'application/json' },
        body: () => JSON.stringify({ name: 'Noa Cohen' }),
        connections: CONNECTIONS,
        durationMs: TRIAL_MS,
      });
      assertClean('metrics', side, result);
      return result;
    },
  },
];

async function main(): Promise<number> {
  // `--list`: the suite's names, one a line (the smoke test checks that each of them ran).
  if (process.argv[2] === '--list') {
    console.log(benchmarks.map((b) => b.name).join('\n'));
    return 0;
  }
  const wanted = process.argv.slice(2);
  const selected = wanted.length ? benchmarks.filter((b) => wanted.includes(b.name)) : benchmarks;
  const unknown = wanted.filter((w) => !benchmarks.some((b) => b.name === w));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${benchmarks.map((b) => b.name).join(', ')}`);
    return 2;
  }

  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'kupa-bench-'));
  // At smoke size the results are not kept: they go with the run's temporary directory.
  const resultsDir = SMOKE ? join(dataDir, 'results') : RESULTS_DIR;
  // Everything this run made goes with it, however it ends.
  const cleanUp = async () => {
    for (const child of children) child.kill('SIGKILL');
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ dataDir, database: 'kupa_bench' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  let belowFloor = false;
  try {
    const seed = await createServices(loadConfig({ LOG_LEVEL: 'silent' }), database.url, { worker: false });
    const { account, apiKeys } = await seed.inContext(() => seed.container.get(CreateAccount).execute({ name: 'Bench merchant' }));
    await seed.close();

    // Each server is tracked as soon as it is spawned, so a failure or an interrupt leaves none running.
    const start = (script: string, env: Record<string, string> = {}) => startServer(script, database.url, env, (child) => children.push(child));
    const subject = await start(SERVERS.subject);
    const baseline = await start(SERVERS.baseline);
    const unguarded = await start(SERVERS.subject, { BENCH_GUARDS: 'off' });
    const unmetered = await start(SERVERS.subject, { BENCH_METRICS: 'off' });
    const ctx: Context = { databaseUrl: database.url, db: new pg.Pool({ connectionString: database.url, max: 2 }), subject, baseline, unguarded, unmetered, key: apiKeys.test, accountId: account.id };
    mkdirSync(resultsDir, { recursive: true });

    for (const bench of selected) {
      await bench.trial(ctx, 'subject'); // warm-up
      await bench.trial(ctx, 'baseline');
      const runs: Record<'subject' | 'baseline', LoadResult[]> = { subject: [], baseline: [] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.subject.push(await bench.trial(ctx, 'subject'));
        runs.baseline.push(await bench.trial(ctx, 'baseline'));
      }
      const subjectRps = median(runs.subject.map((r) => r.rps));
      const baselineRps = median(runs.baseline.map((r) => r.rps));
      const ratio = Math.round((subjectRps / baselineRps) * 100) / 100;
      const extra = bench.extra ? await bench.extra(ctx) : {};
      const result = {
        name: bench.name,
        ratio,
        goal: bench.goal,
        floor: bench.floor,
        quick: QUICK,
        subject: { rps: Math.round(subjectRps), p99_ms: median(runs.subject.map((r) => r.p99Ms)), runs: runs.subject },
        baseline: { rps: Math.round(baselineRps), p99_ms: median(runs.baseline.map((r) => r.p99Ms)), runs: runs.baseline },
        ...extra,
      };
      writeFileSync(join(resultsDir, `${bench.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
      const verdict = ratio < bench.floor ? ' BELOW FLOOR' : ratio < bench.goal ? ' below goal' : '';
      console.log(`bench ${bench.name}: ratio ${ratio} (goal ${bench.goal}, floor ${bench.floor})${verdict} — ${Math.round(subjectRps)} vs ${Math.round(baselineRps)} req/s`);
      if (ratio < bench.floor && !SMOKE) belowFloor = true;
    }
    await ctx.db.end();
  } finally {
    await cleanUp();
  }
  return belowFloor ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  console.error(error);
  process.exit(1);
});
