import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Container } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DestinationStream, Logger } from 'pino';
import { accountsEntities, accountsModule } from '../modules/accounts/accounts.module';
import { catalogEntities, catalogModule } from '../modules/catalog/catalog.module';
import { CUSTOMERS } from '../modules/customers';
import { customersEntities, customersModule } from '../modules/customers/customers.module';
import { testHelpersEntities, testHelpersModule } from '../modules/test-helpers/test-helpers.module';
import { TEST_HELPERS, type TestHelperSettings } from '../modules/test-helpers/test-helpers.tokens';
import { eventsEntities, eventsModule, eventsQueues } from '../modules/events/events.module';
import { EVENTS } from '../modules/events/events.tokens';
import { discountsEntities, discountsModule } from '../modules/discounts/discounts.module';
import { checkoutEntities, checkoutModule, checkoutQueues } from '../modules/checkout/checkout.module';
import { CHECKOUT, type CheckoutSettings } from '../modules/checkout/checkout.tokens';
import { invoicingEntities, invoicingModule, invoicingQueues } from '../modules/invoicing/invoicing.module';
import { INVOICING, type InvoicingSettings } from '../modules/invoicing/invoicing.tokens';
import { notificationsModule, notificationsQueues } from '../modules/notifications/notifications.module';
import { NOTIFICATIONS } from '../modules/notifications/notifications.tokens';
import { SmtpMailer } from '../modules/notifications/infrastructure/smtp-mailer';
import { paymentsEntities, paymentsModule, paymentsQueues } from '../modules/payments/payments.module';
import { PAYMENTS, type PaymentSettings } from '../modules/payments/payments.tokens';
import { subscriptionsEntities, subscriptionsModule, subscriptionsQueues } from '../modules/subscriptions/subscriptions.module';
import { SUBSCRIPTIONS } from '../modules/subscriptions/subscriptions.tokens';
import { portalEntities, portalModule } from '../modules/portal/portal.module';
import { teamEntities, teamModule } from '../modules/team/team.module';
import { reportsModule } from '../modules/reports/reports.module';
import { requestLogEntities, requestLogModule } from '../modules/request-log/request-log.module';
import { TEAM, type TeamModuleSettings } from '../modules/team/team.tokens';
import { PORTAL, type PortalModuleSettings } from '../modules/portal/portal.tokens';
import { reconcilerQueues } from './reconciler';
import type { WebhookSender, WebhookSettings } from '../modules/events/application/ports/webhook-transport';
import { DEFAULT_RETRY_POLICY } from '../modules/events/domain/retry-policy';
import { LOGGING } from '../platform/logging/logging.tokens';
import { createBoss, type PgBoss } from '../platform/jobs/pg-boss';
import { PgBossJobQueue } from '../platform/jobs/pg-boss-job-queue';
import { JOBS } from '../platform/jobs/jobs.tokens';
import { createLogger } from '../platform/logging/logger';
import { Metrics } from '../platform/metrics/metrics';
import { METRICS } from '../platform/metrics/metrics.tokens';
import { readQueueBacklog } from '../platform/metrics/queue-backlog';
import { createOrm, migrate, underStartupLock } from '../platform/persistence/orm';
import { inOwnContext } from '../platform/persistence/own-context';
import { PERSISTENCE } from '../platform/persistence/persistence.tokens';
import { MikroOrmUnitOfWork } from '../platform/persistence/unit-of-work';
import { PgNotifications } from '../platform/persistence/pg-notifications';
import { type Clock, systemClock } from '../shared/domain/clock';
import { SHARED } from '../shared/domain/shared.tokens';
import type { Config } from './config';
import { dataDirSecret } from './secrets';
import { CustomerDependentsAdapter } from './customer-dependents';
import { PortalLinksAdapter } from './portal-links';
import { InvoicingAccountSetup } from './account-invoicing';
import { InvoicingDocumentAttachments } from './document-attachments';
import { IsraelInvoicesApi } from '../modules/invoicing/infrastructure/israel-invoices/israel-invoices.api';
import { ChromiumPdfMaker } from '../modules/invoicing/infrastructure/pdf/chromium-pdf-maker';
import type { PdfMaker } from '../modules/invoicing/application/ports/document-files';
import { TestClockCustomerClock, TestClockDirectoryAdapter } from './test-clocks';
import { PaymentsAccountProcessors } from './account-processors';
import { AesSecretBox, type MasterKeys } from '../platform/secrets/secret-box';
import { ACCOUNTS, type AccountModuleSettings } from '../modules/accounts/accounts.tokens';

export const entities = [
  ...accountsEntities,
  ...catalogEntities,
  ...customersEntities,
  ...testHelpersEntities,
  ...eventsEntities,
  ...discountsEntities,
  ...checkoutEntities,
  ...invoicingEntities,
  ...portalEntities,
  ...paymentsEntities,
  ...subscriptionsEntities,
  ...teamEntities,
  ...requestLogEntities,
];

export interface Services {
  config: Config;
  container: Container;
  metrics: Metrics;
  orm: MikroORM;
  boss: PgBoss;
  logger: Logger;
  /** Runs work with its own EntityManager, as each request and job does. */
  inContext<T>(work: () => Promise<T>): Promise<T>;
  /** From now on the database going away is expected (Ctrl-C reaches the embedded PostgreSQL too): not an error. */
  /** Whether the process is stopping (`beginShutdown`): it is no longer ready for new work. */
  readonly stopping: boolean;
  beginShutdown(): void;
  close(): Promise<void>;
}

export interface ServiceOptions {
  worker: boolean;
  clock?: Clock;
  logDestination?: DestinationStream;
  /** Replaces bindings after the modules are loaded (tests inject a DNS resolver this way). */
  configure?: (container: Container) => void;
}

/** The composition root: connects, migrates, and binds every module. */
export async function createServices(config: Config, databaseUrl: string, options: ServiceOptions = { worker: false }): Promise<Services> {
  const logger = createLogger(config.logLevel, options.logDestination);
  const orm = await createOrm(databaseUrl, entities);
  const boss = createBoss(databaseUrl, { supervise: options.worker, maintenanceIntervalSeconds: config.jobMaintenanceIntervalSeconds });
  let shuttingDown = false;
  // PostgreSQL closing the queue's connections (57P01: it is stopping, e.g. Ctrl-C reached it before us)
  // is the database going away, which pg-boss rides out by reconnecting: a warning, not our error.
  boss.on('error', (error) => {
    if (shuttingDown) logger.debug({ err: error }, 'job queue error while stopping');
    else if ((error as { code?: string }).code === '57P01') logger.warn({ err: error }, 'job queue connection closed by the database');
    else logger.error({ err: error }, 'job queue error');
  });
  const queues = [
    eventsQueues,
    checkoutQueues,
    notificationsQueues,
    paymentsQueues,
    subscriptionsQueues,
    invoicingQueues,
    reconcilerQueues,
  ].flatMap((define) => define(config.jobExpireSeconds));
  await underStartupLock(orm, async () => {
    await migrate(orm);
    await boss.start();
    await indexJobFetchOrder(orm);
    for (const queue of queues) {
      await boss.createQueue(queue.name, queue);
      await boss.updateQueue(queue.name, queue);
    }
  });

  const notifications = new PgNotifications(databaseUrl, logger);
  await notifications.start();

  const metrics = new Metrics(() => readQueueBacklog(orm.em.fork()));
  const container = new Container();
  container.bind(METRICS.Metrics).toConstantValue(metrics);
  container.bind(PERSISTENCE.EntityManager).toConstantValue(orm.em);
  container.bind(PERSISTENCE.Notifications).toConstantValue(notifications);
  container.bind(PERSISTENCE.UnitOfWork).to(MikroOrmUnitOfWork).inSingletonScope();
  container.bind(SHARED.Clock).toConstantValue(options.clock ?? systemClock);
  container.bind(JOBS.Boss).toConstantValue(boss);
  container.bind(JOBS.Queue).to(PgBossJobQueue).inSingletonScope();
  container.bind(LOGGING.Logger).toConstantValue(logger);
  container.bind<WebhookSettings>(EVENTS.Settings).toConstantValue({
    retryPolicy: { ...DEFAULT_RETRY_POLICY, scheduleMs: config.webhookRetryScheduleMs },
    allowLoopbackInTestMode: config.webhooksAllowLoopback,
    timeoutMs: config.webhookTimeoutMs,
  });
  container
    .bind<CheckoutSettings>(CHECKOUT.Settings)
    .toConstantValue({ checkoutHostUrl: config.checkoutHostUrl, apiBaseUrl: config.publicBaseUrl });
  container.bind<AccountModuleSettings>(ACCOUNTS.Settings).toConstantValue({ checkoutHostUrl: config.checkoutHostUrl });
  container.bind<PortalModuleSettings>(PORTAL.Settings).toConstantValue({ checkoutHostUrl: config.checkoutHostUrl });
  container.bind<TeamModuleSettings>(TEAM.Settings).toConstantValue({ dashboardUrl: `${config.publicBaseUrl}/dashboard` });
  container.bind<InvoicingSettings>(INVOICING.Settings).toConstantValue({ publicBaseUrl: config.publicBaseUrl });
  container
    .bind(INVOICING.TaxAuthorityApi)
    .toConstantValue(new IsraelInvoicesApi({ ...config.taxAuthority, redirectUri: `${config.publicBaseUrl}/v1/tax_authority/callback` }));
  container.bind<TestHelperSettings>(TEST_HELPERS.Settings).toConstantValue({ advanceStaleMs: config.paymentAttemptStaleMs });
  container.bind<PaymentSettings>(PAYMENTS.Settings).toConstantValue({
    attemptStaleMs: config.paymentAttemptStaleMs,
    faults: config.testFaults,
    fingerprintSecret: config.cardFingerprintSecret ?? dataDirSecret(config.dataDir, 'card-fingerprint.secret'),
    simulatedLatencyMs: config.simulatedProcessorLatencyMs,
    processors: config.processors,
  });
  container.bind(NOTIFICATIONS.Mailer).toConstantValue(new SmtpMailer(config.smtpUrl));
  container.bind(INVOICING.PdfMaker).toConstantValue(new ChromiumPdfMaker(config.pdfConcurrency, config.chromiumPath));
  container.bind(SHARED.SecretBox).toConstantValue(new AesSecretBox(orm.em, () => masterKeys(config)));
  container.load(
    accountsModule,
    catalogModule,
    customersModule,
    testHelpersModule,
    eventsModule,
    discountsModule,
    checkoutModule,
    invoicingModule,
    notificationsModule,
    paymentsModule,
    subscriptionsModule,
    portalModule,
    teamModule,
    reportsModule,
    requestLogModule,
  );
  container.bind(SHARED.CustomerClock).to(TestClockCustomerClock).inSingletonScope();
  container.bind(CUSTOMERS.TestClockDirectory).to(TestClockDirectoryAdapter).inSingletonScope();
  container.bind(CUSTOMERS.CustomerDependents).to(CustomerDependentsAdapter).inSingletonScope();
  container.bind(ACCOUNTS.Processors).to(PaymentsAccountProcessors).inSingletonScope();
  container.bind(SUBSCRIPTIONS.PortalLinks).to(PortalLinksAdapter).inSingletonScope();
  container.bind(ACCOUNTS.Invoicing).to(InvoicingAccountSetup).inSingletonScope();
  container.bind(NOTIFICATIONS.DocumentAttachments).to(InvoicingDocumentAttachments).inSingletonScope();
  options.configure?.(container);

  return {
    config,
    container,
    metrics,
    orm,
    boss,
    logger,
    inContext: (work) => inOwnContext(orm.em, work),
    get stopping() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
      notifications.beginShutdown();
    },
    async close() {
      await notifications.stop();
      await container.get<WebhookSender>(EVENTS.WebhookSender).close();
      await container.get<PdfMaker>(INVOICING.PdfMaker).close();
      await boss.stop({ graceful: true, wait: true, close: true, timeout: 5_000 });
      await orm.close();
    },
  };
}

/**
 * pg-boss fetches a queue's next jobs in (priority, creation) order, which its own indexes do not keep:
 * each fetch sorted every waiting job of the queue, so a backlog drained slower the longer it was. This
 * index (on every queue's partition, present and future) lets a fetch read just the jobs it takes.
 */
async function indexJobFetchOrder(orm: MikroORM): Promise<void> {
  await orm.em
    .getConnection()
    .execute(`create index if not exists job_fetch_order on pgboss.job (name, priority desc, created_on, id) where state < 'active'`);
}

/** `MASTER_KEY` (and the previous ones of a rotation), or on a laptop a key generated into the data directory. */
export function masterKeys(config: Config): MasterKeys {
  const current =
    config.masterKey ??
    Buffer.from(
      dataDirSecret(config.dataDir, 'master.key', () => randomBytes(32).toString('base64')),
      'base64',
    );
  return { current, previous: config.previousMasterKeys };
}
