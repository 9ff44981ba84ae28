import type { Logger } from 'pino';
import type { PgBoss } from './pg-boss';

export interface BatchWorkerOptions {
  batchSize: number;
  pollIntervalMs: number;
}

/**
 * Works a queue in batches: fetch up to `batchSize` jobs, handle them concurrently, settle each on its
 * own (complete the ones that succeeded, `fail` the ones that threw, so pg-boss retries only those).
 * A full batch is followed at once by the next fetch; an empty one waits `pollIntervalMs`.
 */
export function startBatchWorker<T extends object>(
  boss: PgBoss,
  queue: string,
  options: BatchWorkerOptions,
  handle: (data: T) => Promise<void>,
  logger: Logger,
): { stop(): Promise<void> } {
  let stopping = false;
  let wake: (() => void) | undefined;

  const loop = async () => {
    while (!stopping) {
      let fetched = 0;
      try {
        const jobs = (await boss.fetch<T>(queue, { batchSize: options.batchSize })) ?? [];
        fetched = jobs.length;
        if (jobs.length > 0) {
          const results = await Promise.allSettled(jobs.map((job) => handle(job.data)));
          const done = jobs.filter((_, i) => results[i].status === 'fulfilled').map((job) => job.id);
          const failed = jobs.filter((_, i) => results[i].status === 'rejected');
          if (done.length > 0) await boss.complete(queue, done);
          for (const job of failed) {
            const reason = (results[jobs.indexOf(job)] as PromiseRejectedResult).reason;
            logger.error({ err: reason, queue, job: job.id }, 'job failed');
            await boss.fail(queue, job.id, { message: reason instanceof Error ? reason.message : String(reason) });
          }
        }
      } catch (error) {
        logger.error({ err: error, queue }, 'job batch failed');
      }
      if (!stopping && fetched < options.batchSize) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, options.pollIntervalMs);
        });
      }
    }
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
  return startBatchWorker<object>(boss, queue, { ...options, batchSize: 1 }, async () => {
    await run();
  }, logger);
}
