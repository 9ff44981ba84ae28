import { Pool } from 'undici';

export interface LoadOptions {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string> | (() => Record<string, string>);
  body?: () => string;
  connections: number;
  durationMs: number;
  expectStatus?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/** Closed-loop load: `connections` requests in flight for `durationMs`, keep-alive. */
export async function runLoad(origin: string, options: LoadOptions): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.durationMs;
  const started = performance.now();

  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const res = await pool.request({ method: options.method ?? 'GET', path: options.path, headers: typeof options.headers === 'function' ? options.headers() : options.headers, body: options.body?.() });
        await res.body.dump();
        if (res.statusCode !== (options.expectStatus ?? 200)) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsed = performance.now() - started;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: (latencies.length / elapsed) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
  };
}

/** Sequential single requests, for the unloaded latency. */
export async function unloadedLatency(origin: string, options: Omit<LoadOptions, 'connections' | 'durationMs'>, count: number): Promise<number> {
  const pool = new Pool(origin, { connections: 1 });
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await pool.request({ method: options.method ?? 'GET', path: options.path, headers: typeof options.headers === 'function' ? options.headers() : options.headers, body: options.body?.() });
    await res.body.dump();
    latencies.push(performance.now() - t0);
  }
  await pool.close();
  latencies.sort((a, b) => a - b);
  return percentile(latencies, 50);
}
