import type { Services } from './container';

/**
 * The worker role: pg-boss with supervision and cron scheduling on. Module job handlers are registered
 * here with `boss.work`; any number of worker processes may run against one database, pg-boss hands
 * each job to one of them (SKIP LOCKED).
 */
export async function startWorker(services: Services): Promise<{ stop(): Promise<void> }> {
  services.logger.info('worker started');
  return {
    async stop() {
      services.logger.info('worker stopped');
    },
  };
}
