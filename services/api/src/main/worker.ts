import { WebhookDeliveryJob } from '../modules/events/interfaces/jobs/webhook-delivery.job';
import { SessionExpiryJob } from '../modules/checkout/interfaces/jobs/session-expiry.job';
import { EmailJob } from '../modules/notifications/interfaces/jobs/email.job';
import { DocumentJobs } from '../modules/invoicing/interfaces/jobs/document-jobs';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceIdentifier } from 'inversify';
import { ReaskPendingAllocations } from '../modules/invoicing/application/reask-pending-allocations';
import { ALLOCATION_SWEEP_QUEUE } from '../modules/invoicing/invoicing.tokens';
import { ExpireHolds } from '../modules/payments/application/expire-holds';
import { HOLD_EXPIRY_QUEUE } from '../modules/payments/payments.tokens';
import { NoticeExpiringCards } from '../modules/subscriptions/application/notice-expiring-cards';
import { RenewDueSubscriptions } from '../modules/subscriptions/application/renew-due-subscriptions';
import { CARD_EXPIRY_QUEUE, RENEWAL_QUEUE } from '../modules/subscriptions/subscriptions.tokens';
import { startScheduledJob } from '../platform/jobs/batch-worker';
import type { PgBoss } from '../platform/jobs/pg-boss';
import { JOBS } from '../platform/jobs/jobs.tokens';
import { PERSISTENCE } from '../platform/persistence/persistence.tokens';
import { inOwnContext } from '../platform/persistence/own-context';
import type { Services } from './container';
import { startHousekeeping, startReconciler } from './reconciler';

/** The sweeps pg-boss starts on a schedule (Israel time), each run by one worker at a time. */
const SCHEDULES: { queue: string; cron: string; sweep: ServiceIdentifier<{ execute(): Promise<unknown> }> }[] = [
  // Daily at 02:00: the subscriptions whose period ends are renewed.
  { queue: RENEWAL_QUEUE, cron: '0 2 * * *', sweep: RenewDueSubscriptions },
  // Daily at 03:00: holds past their seven days are canceled.
  { queue: HOLD_EXPIRY_QUEUE, cron: '0 3 * * *', sweep: ExpireHolds },
  // Daily at 03:30: documents whose allocation job gave up are asked again.
  { queue: ALLOCATION_SWEEP_QUEUE, cron: '30 3 * * *', sweep: ReaskPendingAllocations },
  // On the first of each month at 09:00: a notice for each card that expires at the end of next month.
  { queue: CARD_EXPIRY_QUEUE, cron: '0 9 1 * *', sweep: NoticeExpiringCards },
];

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
  const boss = container.get<PgBoss>(JOBS.Boss);
  const em = container.get<EntityManager>(PERSISTENCE.EntityManager);
  const workers = [
    container.get(WebhookDeliveryJob).start({ pollIntervalMs: config.webhookPollIntervalMs, batchSize: BATCH_SIZES.webhookDelivery }),
    await container.get(SessionExpiryJob).start({ ...polling, batchSize: BATCH_SIZES.sessionExpiry }),
    container.get(EmailJob).start({ ...polling, batchSize: BATCH_SIZES.email }),
    container.get(DocumentJobs).startAllocations({ ...polling, batchSize: BATCH_SIZES.documentAllocation }),
    // As many documents at once as the PDF maker prints at once.
    container.get(DocumentJobs).startPdfs({ ...polling, batchSize: config.pdfConcurrency }),
    ...(await Promise.all(
      SCHEDULES.map(({ queue, cron, sweep }) =>
        startScheduledJob(boss, queue, cron, polling, () => inOwnContext(em, () => container.get(sweep).execute()), logger),
      ),
    )),
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
