import { RequestLog } from '../modules/request-log';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Container } from 'inversify';
import type { IntentKind } from '../shared/domain/money-intent';
import type { Logger } from 'pino';
import { ReconcileMoneyIntents, RefundLatePayment } from '../modules/payments';
import { ReconcileRenewals } from '../modules/subscriptions/application/reconcile-renewals';
import { ReconcileTestClocks } from '../modules/test-helpers/application/reconcile-test-clocks';
import { SealStoredSigningSecrets } from '../modules/events/application/seal-stored-signing-secrets';
import { type BatchWorkerOptions, startScheduledJob } from '../platform/jobs/batch-worker';
import type { QueueDefinition } from '../platform/jobs/job-queue';
import { JOBS } from '../platform/jobs/jobs.tokens';
import type { PgBoss } from '../platform/jobs/pg-boss';
import { purgeIdempotencyKeys } from '../platform/persistence/idempotency-store';
import { purgeRateBuckets } from '../platform/persistence/rate-bucket-store';
import { PurgeEndedPortalSessions } from '../modules/portal';
import type { Metrics } from '../platform/metrics/metrics';
import { METRICS } from '../platform/metrics/metrics.tokens';
import { PERSISTENCE } from '../platform/persistence/persistence.tokens';
import { inOwnContext } from '../platform/persistence/own-context';

export const RECONCILE_QUEUE = 'money-reconciler';
export const HOUSEKEEPING_QUEUE = 'hourly-housekeeping';

export function reconcilerQueues(expireInSeconds: number): QueueDefinition[] {
  return [
    { name: RECONCILE_QUEUE, expireInSeconds: Math.max(expireInSeconds, 300), retryLimit: 0 },
    { name: HOUSEKEEPING_QUEUE, expireInSeconds: Math.max(expireInSeconds, 300), retryLimit: 0 },
  ];
}

/** What one run of the reconciler finished. */
export interface Reconciled {
  checkouts: number;
  /** Subscription starts, changes and renewals. */
  subscriptions: number;
  /** Captures, cancellations and refunds. */
  operations: number;
  testClocks: number;
  /** Bit payments approved after their attempt had ended unpaid, found and refunded. */
  lateRefunds: number;
}

/**
 * Finishes every money intent a crash left in flight past PAYMENT_ATTEMPT_STALE_MS, whatever its kind,
 * through the processor with its own idempotency key (`ReconcileMoneyIntents`), renewals whose worker
 * died after the processor call, test clock advances cut short, and Bit payments approved after their
 * attempt ended unpaid whose notification never came (`RefundLatePayment.sweep`). Each part runs even if another
 * fails; failures are thrown together.
 */
export async function reconcile(container: Container): Promise<Reconciled> {
  const parts = await Promise.allSettled([
    container.get(ReconcileMoneyIntents).execute(),
    container.get(ReconcileRenewals).execute(),
    container.get(ReconcileTestClocks).execute(),
    container.get(RefundLatePayment).sweep(),
  ]);
  const failures = parts.flatMap((part) => (part.status === 'rejected' ? [part.reason] : []));
  if (failures.length > 0) throw new AggregateError(failures, 'the reconciler could not finish every operation');
  const [intents, renewals, testClocks, lateRefunds] = parts.map((part) => (part as PromiseFulfilledResult<unknown>).value) as [
    Map<IntentKind, number>,
    number,
    number,
    number,
  ];
  const count = (...kinds: IntentKind[]) => kinds.reduce((sum, kind) => sum + (intents.get(kind) ?? 0), 0);
  return {
    checkouts: count('checkout_payment'),
    subscriptions: count('subscription_start', 'subscription_change') + renewals,
    operations: count('capture', 'cancel', 'refund'),
    testClocks,
    lateRefunds,
  };
}

/**
 * In the worker, at start-up and hourly: Idempotency-Keys past their 24 hours, rate-limit buckets idle
 * for an hour and portal sessions a day past their end go, and webhook signing secrets an earlier version
 * stored in the clear are sealed.
 */
export async function startHousekeeping(
  container: Container,
  logger: Logger,
  options: Omit<BatchWorkerOptions, 'batchSize'>,
): Promise<{ stop(): Promise<void> }> {
  const em = container.get<EntityManager>(PERSISTENCE.EntityManager);
  const sealSecrets = () => inOwnContext(em, () => container.get(SealStoredSigningSecrets).execute());
  const tidy = async () => {
    await purgeIdempotencyKeys(em);
    await purgeRateBuckets(em);
    await inOwnContext(em, () => container.get(PurgeEndedPortalSessions).execute());
    await inOwnContext(em, () => container.get(RequestLog).purge());
    await sealSecrets();
  };
  await sealSecrets().catch((error) => logger.error({ err: error }, 'sealing stored webhook secrets at start-up failed'));
  return startScheduledJob(container.get<PgBoss>(JOBS.Boss), HOUSEKEEPING_QUEUE, '17 * * * *', options, tidy, logger);
}

/** In the worker: once at start-up (what the last crash left), then every minute. */
export async function startReconciler(
  container: Container,
  logger: Logger,
  options: Omit<BatchWorkerOptions, 'batchSize'>,
): Promise<{ stop(): Promise<void> }> {
  const run = () =>
    inOwnContext(container.get(PERSISTENCE.EntityManager), async () => {
      const done = await reconcile(container);
      const metrics = container.get<Metrics>(METRICS.Metrics);
      for (const [kind, count] of Object.entries(done)) if (count > 0) metrics.reconciled.inc({ kind }, count);
      if (Object.values(done).some((count) => count > 0)) logger.warn(done, 'reconciled operations left in flight');
    });
  await run().catch((error) => logger.error({ err: error }, 'reconciling at start-up failed'));
  return startScheduledJob(container.get<PgBoss>(JOBS.Boss), RECONCILE_QUEUE, '* * * * *', options, run, logger);
}
