import { Pool } from 'undici';

/** One request of a load: what `request` sends. */
export interface LoadRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  connections: number;
  durationMs: number;
  expectStatus?: number;
}

/** What a trial measured: items done a second (requests, or whatever one operation is). */
export interface Measure {
  rate: number;
  p99Ms?: number;
}

export interface LoadResult extends Measure {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** The `p`th percentile of values sorted ascending (0 for none). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/**
 * Closed-loop load: `connections` loops, each running `operation` again and again for `durationMs` (or
 * until it returns false: nothing left to do). An operation may send several requests; it throws or
 * returns 'error' when one was not answered as expected.
 */
export async function closedLoop(
  options: { connections: number; durationMs: number },
  operation: (loop: number) => Promise<boolean | 'error'>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const loop = async (index: number) => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      let outcome: boolean | 'error';
      try {
        outcome = await operation(index);
      } catch {
        outcome = 'error';
      }
      if (outcome === false) return;
      if (outcome === 'error') errors++;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, i) => loop(i)));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rate: (latencies.length / elapsed) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
  };
}

/** Sends one request on `pool`; true when it was answered with `status`. */
export async function send(pool: Pool, request: LoadRequest, status = 200): Promise<boolean> {
  const res = await pool.request({ method: request.method ?? 'GET', path: request.path, headers: request.headers, body: request.body });
  await res.body.dump();
  return res.statusCode === status;
}

/** Sends one request and returns its parsed JSON answer, failing on any other status. */
export async function sendJson<T>(pool: Pool, request: LoadRequest, status = 200): Promise<T> {
  const res = await pool.request({ method: request.method ?? 'GET', path: request.path, headers: request.headers, body: request.body });
  const text = await res.body.text();
  if (res.statusCode !== status) throw new Error(`${request.method ?? 'GET'} ${request.path}: ${res.statusCode} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Closed-loop load of single requests, keep-alive: `request(loop)` says what each one sends. */
export async function runLoad(origin: string, options: LoadOptions, request: (loop: number) => LoadRequest): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  try {
    return await closedLoop(options, async (loop) => ((await send(pool, request(loop), options.expectStatus)) ? true : 'error'));
  } finally {
    await pool.close();
  }
}

/** Sequential single requests, for the unloaded latency (p50, ms). */
export async function unloadedLatency(origin: string, request: () => LoadRequest, count: number): Promise<number> {
  const pool = new Pool(origin, { connections: 1 });
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await send(pool, request());
    latencies.push(performance.now() - t0);
  }
  await pool.close();
  latencies.sort((a, b) => a - b);
  return percentile(latencies, 50);
}
