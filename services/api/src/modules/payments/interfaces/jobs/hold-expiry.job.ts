import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startScheduledJob } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { ExpireHolds } from '../../application/expire-holds';
import { HOLD_EXPIRY_QUEUE } from '../../payments.tokens';
import { inOwnContext } from '../../../../platform/persistence/own-context';

/** Daily at 03:00 Israel time: cancels holds past their seven days. */
@injectable()
export class HoldExpiryJob {
  constructor(
    @inject(ExpireHolds) private readonly expireHolds: ExpireHolds,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  start(options: BatchWorkerOptions): Promise<{ stop(): Promise<void> }> {
    return startScheduledJob(
      this.boss,
      HOLD_EXPIRY_QUEUE,
      '0 3 * * *',
      options,
      () => inOwnContext(this.em, () => this.expireHolds.execute()),
      this.logger,
    );
  }
}
