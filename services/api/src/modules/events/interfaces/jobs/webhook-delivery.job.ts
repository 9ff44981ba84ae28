import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startWholeBatchWorker } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { DeliverWebhook } from '../../application/deliver-webhook';
import type { DeliveryJob } from '../../application/record-event';
import { WEBHOOK_DELIVERY_QUEUE } from '../../events.tokens';
import { inOwnContext } from '../../../../platform/persistence/own-context';

/** The worker role's webhook deliveries: one job per (event, endpoint, attempt), delivered a batch at a time. */
@injectable()
export class WebhookDeliveryJob {
  constructor(
    @inject(DeliverWebhook) private readonly deliver: DeliverWebhook,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  /** Two batches at once: deliveries mostly wait on receivers, and one slow to answer holds up no other batch. */
  start(options: BatchWorkerOptions): { stop(): Promise<void> } {
    return startWholeBatchWorker<DeliveryJob>(
      this.boss,
      WEBHOOK_DELIVERY_QUEUE,
      { lanes: 2, ...options },
      (jobs) => inOwnContext(this.em, () => this.deliver.execute(jobs)),
      this.logger,
    );
  }
}
