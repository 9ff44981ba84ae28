import { WebhookDeliveryJob } from '../modules/events/interfaces/jobs/webhook-delivery.job';
import type { Services } from './container';

/**
 * The worker role: pg-boss with supervision and cron scheduling on, and every module's job workers.
 * Any number of worker processes may run against one database; pg-boss hands each job to one of them
 * (SKIP LOCKED).
 */
export async function startWorker(services: Services): Promise<{ stop(): Promise<void> }> {
  const { container, config, logger } = services;
  const workers = [container.get(WebhookDeliveryJob).start({ batchSize: 100, pollIntervalMs: config.jobPollIntervalMs })];
  logger.info('worker started');
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
      logger.info('worker stopped');
    },
  };
}
