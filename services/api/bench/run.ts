// pnpm bench [name…] — each benchmark runs its subject and a baseline in the same run, interleaved
// A B A B A B after warm-up trials, and reports the ratio of medians. BENCH_QUICK=1 for a short run;
// BENCH_SMOKE=1 (what `pnpm test` runs) proves every benchmark still runs and checks what it timed, at a
// size where timings mean nothing: it never fails on a ratio and keeps bench-results/ untouched.
// `pnpm bench --scale` runs the sweeps at 1k, 10k and 100k items and prints the time per item.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../src/main/config';
import { createServices } from '../src/main/container';
import { startEmbeddedPostgres } from '../src/main/database';
import { createApiApp } from '../src/main/http';
import { CreateAccount } from '../src/modules/accounts/application/create-account';
import { startTranzilaTwin } from '../twins/tranzila/twin';
import { ensureCompiled, TARGETS } from '../scripts/compiled.mjs';
import { clientBenchmarks } from './benchmarks/client';
import { deliveryBenchmarks } from './benchmarks/delivery';
import { documentBenchmarks } from './benchmarks/documents';
import { httpBenchmarks } from './benchmarks/http';
import { jobBenchmarks } from './benchmarks/jobs';
import {
  BENCH_MASTER_KEY,
  BENCH_TERMINAL,
  type Benchmark,
  type Context,
  median,
  QUICK,
  roundsOf,
  type Server,
  type ServerName,
  type Side,
  size,
  SMOKE,
  startServer,
  trialMs,
} from './harness';
import type { Measure } from './load';

/**
 * Warm-up trials of each side before the timed rounds. The service reaches its steady speed only once V8
 * has optimized its code, later than a small baseline: in create-checkout-session its CPU a request fell
 * 7.4, 3.1, 2.7, 2.3 ms over its first four trials of 3 s and stayed at 2.2–2.4 ms, so one warm-up left
 * the first rounds measuring the compiler. The smoke run warms up twice too, so every benchmark is shown
 * to survive trials repeated before its rounds.
 */
const WARM_UPS = size(3, 2, 2);
const SCALE_SIZES = SMOKE ? [20, 40] : [1_000, 10_000, 100_000];
/** Where a full or quick run writes each benchmark's result. */
const RESULTS_DIR = fileURLToPath(new URL('../../../bench-results', import.meta.url));

const benchmarks: Benchmark[] = [...httpBenchmarks, ...jobBenchmarks, ...deliveryBenchmarks, ...clientBenchmarks, ...documentBenchmarks];

const round2 = (value: number) => Math.round(value * 100) / 100;
const SIDES: Side[] = ['subject', 'baseline'];

async function measure(bench: Benchmark, ctx: Context) {
  const runs: Record<'subject' | 'baseline', Measure[]> = { subject: [], baseline: [] };
  for (let warmUp = 0; warmUp < (bench.once ? 0 : WARM_UPS); warmUp++) {
    await bench.trial(ctx, 'subject', true, trialMs(bench, true));
    await bench.trial(ctx, 'baseline', true, trialMs(bench, true));
  }
  for (let round = 0; round < roundsOf(bench); round++) {
    // Rounds alternate which side goes first (A B, B A, …), so neither always meets what a round's first trial meets.
    for (const side of round % 2 === 0 ? SIDES : [...SIDES].reverse())
      runs[side].push(await bench.trial(ctx, side, false, trialMs(bench, false)));
  }
  // The median of each round's ratio: the two trials of a round are moments apart, so a machine whose
  // speed drifts over the run moves both.
  const ratios = runs.subject.map((run, i) => run.rate / runs.baseline[i].rate);
  const ratio = round2(median(ratios));
  const subject = median(runs.subject.map((r) => r.rate));
  const baseline = median(runs.baseline.map((r) => r.rate));
  const extra = bench.extra ? await bench.extra(ctx) : {};
  const p99 = (side: Measure[]) => (side[0].p99Ms === undefined ? {} : { p99_ms: round2(median(side.map((r) => r.p99Ms!))) });
  return {
    name: bench.name,
    what: bench.what,
    ratio,
    // How far the rounds' own ratios spread: a goal inside the spread is not decided by this run.
    spread: { min: round2(Math.min(...ratios)), max: round2(Math.max(...ratios)) },
    goal: bench.goal,
    floor: bench.floor,
    better: bench.better ?? 'higher',
    quick: QUICK,
    subject: { rate: round2(subject), ...p99(runs.subject), runs: runs.subject },
    baseline: { rate: round2(baseline), ...p99(runs.baseline), runs: runs.baseline },
    ...extra,
  };
}

/**
 * A ratio against its goal and floor. When the rounds' ratios fall on both sides of a limit, the run has
 * not decided that limit: the ratio is shown as undecided rather than as met or missed (a quick run, or a
 * machine busy with other work, spreads its rounds widely).
 */
function verdict(bench: Benchmark, ratio: number, spread: { min: number; max: number }): { text: string; belowFloor: boolean } {
  const lower = bench.better === 'lower';
  const worse = (value: number, limit: number) => (lower ? value > limit : value < limit);
  const undecided = (limit: number) => worse(spread.min, limit) !== worse(spread.max, limit) && spread.min !== spread.max;
  const sign = lower ? '≤ ' : '';
  const limits = `(goal ${sign}${bench.goal}, floor ${sign}${bench.floor}; rounds ${spread.min}–${spread.max})`;
  const state = undecided(bench.floor)
    ? ' UNDECIDED AT FLOOR'
    : worse(ratio, bench.floor)
      ? ' BELOW FLOOR'
      : undecided(bench.goal)
        ? ' undecided'
        : worse(ratio, bench.goal)
          ? ' below goal'
          : '';
  return { text: `${limits}${state}`, belowFloor: !undecided(bench.floor) && worse(ratio, bench.floor) };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // `--list`: the suite's names, one a line (the smoke test checks that each of them ran).
  if (args[0] === '--list') {
    console.log(benchmarks.map((b) => b.name).join('\n'));
    return 0;
  }
  const scaling = args.includes('--scale');
  const wanted = args.filter((arg) => arg !== '--scale');
  const pool = scaling ? benchmarks.filter((b) => b.scale) : benchmarks;
  const selected = wanted.length ? pool.filter((b) => wanted.includes(b.name)) : pool;
  const unknown = wanted.filter((w) => !pool.some((b) => b.name === w));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${pool.map((b) => b.name).join(', ')}`);
    return 2;
  }

  ensureCompiled(TARGETS.api);
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'kupa-bench-'));
  // At smoke size the results are not kept: they go with the run's temporary directory.
  const resultsDir = SMOKE ? join(dataDir, 'results') : RESULTS_DIR;
  // Everything this run made goes with it, however it ends.
  const closers: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    const exited = children.map((child) =>
      child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve(),
    );
    for (const child of children) child.kill('SIGTERM');
    await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 3_000))]);
    for (const child of children) child.kill('SIGKILL');
    await Promise.allSettled(closers.map((close) => close()));
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
    // Every server started from here on reaches Tranzila's twin.
    const tranzila = await startTranzilaTwin({ terminals: [BENCH_TERMINAL] });
    closers.push(() => tranzila.close());
    process.env.TRANZILA_API_URL = tranzila.url;
    const services = await createServices(
      loadConfig({
        LOG_LEVEL: 'silent',
        JOB_POLL_INTERVAL_MS: '50',
        RATE_LIMIT_PER_SECOND: '1000000000',
        RATE_LIMIT_BURST: '1000000000',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000',
        MASTER_KEY: BENCH_MASTER_KEY,
        TRANZILA_API_URL: tranzila.url,
      }),
      database.url,
      { worker: false },
    );
    closers.push(() => services.close());
    const { account, apiKeys } = await services.inContext(() => services.container.get(CreateAccount).execute({ name: 'Bench merchant' }));
    const api = createApiApp(services).listen(0, '127.0.0.1');
    await new Promise((resolve) => api.once('listening', resolve));

    // Each server is tracked as soon as it is spawned, so a failure or an interrupt leaves none running.
    const servers = new Map<ServerName, Promise<Server>>();
    const ctx: Context = {
      databaseUrl: database.url,
      db: new pg.Pool({ connectionString: database.url, max: 4 }).on('error', () => {}), // a connection cut as the run ends
      services,
      api: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      key: apiKeys.test,
      accountId: account.id,
      server(name) {
        if (!servers.has(name))
          servers.set(
            name,
            startServer(name, database.url, (child) => children.push(child)),
          );
        return servers.get(name)!;
      },
      spawn: (name) => startServer(name, database.url, (child) => children.push(child)),
      onEnd: (close) => closers.push(close),
      tranzila,
    };
    mkdirSync(resultsDir, { recursive: true });

    if (scaling) {
      const curves: Record<string, { items: number; seconds: number; ms_per_item: number }[]> = {};
      for (const bench of selected) {
        await bench.prepare?.(ctx);
        curves[bench.name] = [];
        for (const items of SCALE_SIZES) {
          const { seconds } = await bench.scale!(ctx, items);
          const point = { items, seconds: round2(seconds), ms_per_item: Math.round((seconds * 1e6) / items) / 1000 };
          curves[bench.name].push(point);
          console.log(`scale ${bench.name}: ${items} items in ${point.seconds} s, ${point.ms_per_item} ms per item`);
          // After each point, so a run stopped at 100k keeps what it measured.
          writeFileSync(join(resultsDir, 'scale.json'), `${JSON.stringify(curves, null, 2)}\n`);
        }
      }
    } else {
      for (const bench of selected) {
        await bench.prepare?.(ctx);
        const result = await measure(bench, ctx);
        writeFileSync(join(resultsDir, `${bench.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
        const judged = verdict(bench, result.ratio, result.spread);
        const figures =
          bench.better === 'lower'
            ? ''
            : ` — ${result.subject.rate} vs ${result.baseline.rate} ${bench.unit ?? 'req/s'}, ${result.subject.runs.length} rounds`;
        const shown = Object.entries(result)
          .filter(([key]) => key.startsWith('shown_'))
          .map(([key, value]) => `, ${key.slice(6).replaceAll('_', ' ')} ${value}`)
          .join('');
        console.log(`bench ${bench.name}: ratio ${result.ratio} ${judged.text}${figures}${shown}`);
        if (judged.belowFloor && !SMOKE) belowFloor = true;
      }
    }
    await ctx.db.end();
    api.close();
  } catch (error) {
    // Said before the clean-up, whose stopping database could drown it.
    console.error(error);
    return 1;
  } finally {
    await cleanUp();
  }
  return belowFloor ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
