import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startBatchWorker } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { DeliverEmail } from '../../application/deliver-email';
import type { Email } from '../../application/ports/email';
import { EMAIL_QUEUE } from '../../notifications.tokens';
import { inOwnContext } from '../../../../platform/persistence/own-context';

@injectable()
export class EmailJob {
  constructor(
    @inject(DeliverEmail) private readonly deliver: DeliverEmail,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  start(options: BatchWorkerOptions): { stop(): Promise<void> } {
    return startBatchWorker<Email>(
      this.boss,
      EMAIL_QUEUE,
      options,
      (email) => inOwnContext(this.em, () => this.deliver.execute(email)),
      this.logger,
    );
  }
}
