import type { Logger } from 'pino';
import type { PgBoss } from './pg-boss';
import { RetryLater } from './retry-later';

export interface BatchWorkerOptions {
  batchSize: number;
  pollIntervalMs: number;
  /** Batches worked at once (default 1): more for work that mostly waits, so one slow batch holds up no other. */
  lanes?: number;
}

interface FetchedJob<T> {
  id: string;
  data: T;
}

/**
 * Works a queue in batches: fetch up to `batchSize` jobs and `settle` them, up to `lanes` batches at once.
 * The next batch is fetched while the lanes are busy (its jobs are active, so other fetches pass over
 * them) and settled as soon as one is free: the fetch's round trip is not waited for on its own. A full
 * batch is followed at once by the next fetch; a short one waits, once every lane is done, `pollIntervalMs`.
 */
function workQueue<T extends object>(
  boss: PgBoss,
  queue: string,
  options: BatchWorkerOptions,
  settle: (jobs: FetchedJob<T>[]) => Promise<void>,
  logger: Logger,
): { stop(): Promise<void> } {
  const lanes = options.lanes ?? 1;
  let stopping = false;
  let wake: (() => void) | undefined;

  const loop = async () => {
    const settling = new Set<Promise<void>>();
    while (!stopping) {
      let fetched = 0;
      try {
        const jobs = (await boss.fetch<T>(queue, { batchSize: options.batchSize })) ?? [];
        fetched = jobs.length;
        while (settling.size >= lanes) await Promise.race(settling);
        if (jobs.length > 0) {
          const work: Promise<void> = settle(jobs)
            .catch((error: unknown) => logger.error({ err: error, queue }, 'job batch failed'))
            .finally(() => settling.delete(work));
          settling.add(work);
        }
      } catch (error) {
        logger.error({ err: error, queue }, 'job batch failed');
      }
      if (!stopping && fetched < options.batchSize) {
        await Promise.all(settling);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, options.pollIntervalMs);
        });
      }
    }
    await Promise.all(settling);
  };
  const running = loop();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await running;
    },
  };
}

const reasonOf = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) });

/**
 * Works a queue in batches, each job on its own: a batch's jobs are handled concurrently, the ones that
 * succeeded completed and the ones that threw failed, so pg-boss retries only those.
 */
export function startBatchWorker<T extends object>(
  boss: PgBoss,
  queue: string,
  options: BatchWorkerOptions,
  handle: (data: T) => Promise<void>,
  logger: Logger,
): { stop(): Promise<void> } {
  return workQueue<T>(
    boss,
    queue,
    options,
    async (jobs) => {
      const results = await Promise.allSettled(jobs.map((job) => handle(job.data)));
      const done = jobs.filter((_, i) => results[i].status === 'fulfilled').map((job) => job.id);
      if (done.length > 0) await boss.complete(queue, done);
      for (const [i, result] of results.entries()) {
        if (result.status === 'fulfilled') continue;
        if (result.reason instanceof RetryLater) logger.debug({ queue, job: jobs[i].id, reason: result.reason.message }, 'job deferred');
        else logger.error({ err: result.reason, queue, job: jobs[i].id }, 'job failed');
        await boss.fail(queue, jobs[i].id, reasonOf(result.reason));
      }
    },
    logger,
  );
}

/**
 * Works a queue a whole batch at a time: `handle` takes every job of the batch together (reading and
 * writing for all of them at once); the batch completes together, or fails together and is retried.
 */
export function startWholeBatchWorker<T extends object>(
  boss: PgBoss,
  queue: string,
  options: BatchWorkerOptions,
  handle: (data: T[]) => Promise<void>,
  logger: Logger,
): { stop(): Promise<void> } {
  return workQueue<T>(
    boss,
    queue,
    options,
    async (jobs) => {
      const ids = jobs.map((job) => job.id);
      try {
        await handle(jobs.map((job) => job.data));
      } catch (error) {
        logger.error({ err: error, queue, jobs: ids.length }, 'job batch failed');
        for (const id of ids) await boss.fail(queue, id, reasonOf(error));
        return;
      }
      await boss.complete(queue, ids);
    },
    logger,
  );
}

/**
 * A job pg-boss starts on a cron schedule (in the workers with scheduling on), run by one worker at a
 * time; `run` does the whole sweep.
 */
export async function startScheduledJob(
  boss: PgBoss,
  queue: string,
  cron: string,
  options: Omit<BatchWorkerOptions, 'batchSize'>,
  run: () => Promise<unknown>,
  logger: Logger,
): Promise<{ stop(): Promise<void> }> {
  await boss.schedule(queue, cron, undefined, { tz: 'Asia/Jerusalem' });
  return startBatchWorker<object>(
    boss,
    queue,
    { ...options, batchSize: 1 },
    async () => {
      await run();
    },
    logger,
  );
}
