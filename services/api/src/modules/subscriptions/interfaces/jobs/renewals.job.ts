import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startScheduledJob } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { RenewDueSubscriptions } from '../../application/renew-due-subscriptions';
import { RENEWAL_QUEUE } from '../../subscriptions.tokens';
import { inOwnContext } from '../../../../platform/persistence/own-context';

/** Daily at 02:00 Israel time. */
@injectable()
export class RenewalsJob {
  constructor(
    @inject(RenewDueSubscriptions) private readonly renew: RenewDueSubscriptions,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  start(options: BatchWorkerOptions): Promise<{ stop(): Promise<void> }> {
    return startScheduledJob(
      this.boss,
      RENEWAL_QUEUE,
      '0 2 * * *',
      options,
      () => inOwnContext(this.em, () => this.renew.execute()),
      this.logger,
    );
  }
}
