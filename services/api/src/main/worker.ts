import { WebhookDeliveryJob } from '../modules/events/interfaces/jobs/webhook-delivery.job';
import { SessionExpiryJob } from '../modules/checkout/interfaces/jobs/session-expiry.job';
import { EmailJob } from '../modules/notifications/interfaces/jobs/email.job';
import { DocumentJobs } from '../modules/invoicing/interfaces/jobs/document-jobs';
import { AllocationSweepJob } from '../modules/invoicing/interfaces/jobs/allocation-sweep.job';
import { HoldExpiryJob } from '../modules/payments/interfaces/jobs/hold-expiry.job';
import { CardExpiryJob } from '../modules/subscriptions/interfaces/jobs/card-expiry.job';
import { RenewalsJob } from '../modules/subscriptions/interfaces/jobs/renewals.job';
import type { Services } from './container';
import { startHousekeeping, startReconciler } from './reconciler';

/** How many jobs each queue's worker takes at once (its batch is handled concurrently). */
export const BATCH_SIZES = { webhookDelivery: 100, sessionExpiry: 100, email: 50, documentAllocation: 20 } as const;

/**
 * The worker role: pg-boss with supervision and cron scheduling on, and every module's job workers.
 * Any number of worker processes may run against one database; pg-boss hands each job to one of them
 * (SKIP LOCKED).
 */
export async function startWorker(services: Services): Promise<{ stop(): Promise<void> }> {
  const { container, config, logger } = services;
  const polling = { pollIntervalMs: config.jobPollIntervalMs };
  const workers = [
    container.get(WebhookDeliveryJob).start({ pollIntervalMs: config.webhookPollIntervalMs, batchSize: BATCH_SIZES.webhookDelivery }),
    await container.get(SessionExpiryJob).start({ ...polling, batchSize: BATCH_SIZES.sessionExpiry }),
    container.get(EmailJob).start({ ...polling, batchSize: BATCH_SIZES.email }),
    container.get(DocumentJobs).startAllocations({ ...polling, batchSize: BATCH_SIZES.documentAllocation }),
    // As many documents at once as the PDF maker prints at once.
    container.get(DocumentJobs).startPdfs({ ...polling, batchSize: config.pdfConcurrency }),
    await container.get(HoldExpiryJob).start({ ...polling, batchSize: 1 }),
    await container.get(RenewalsJob).start({ ...polling, batchSize: 1 }),
    await container.get(CardExpiryJob).start({ ...polling, batchSize: 1 }),
    await container.get(AllocationSweepJob).start({ ...polling, batchSize: 1 }),
    await startReconciler(container, logger, polling),
    await startHousekeeping(container, logger, polling),
  ];
  logger.info('worker started');
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
      logger.info('worker stopped');
    },
  };
}
