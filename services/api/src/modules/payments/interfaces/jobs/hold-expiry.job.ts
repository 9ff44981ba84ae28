import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startBatchWorker } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { ExpireHolds } from '../../application/expire-holds';
import { HOLD_EXPIRY_QUEUE } from '../../payments.tokens';

/** Daily at 03:00 Israel time: cancels holds past their seven days. */
@injectable()
export class HoldExpiryJob {
  constructor(
    @inject(ExpireHolds) private readonly expireHolds: ExpireHolds,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  async start(options: BatchWorkerOptions): Promise<{ stop(): Promise<void> }> {
    await this.boss.schedule(HOLD_EXPIRY_QUEUE, '0 3 * * *', undefined, { tz: 'Asia/Jerusalem' });
    return startBatchWorker<object>(this.boss, HOLD_EXPIRY_QUEUE, { ...options, batchSize: 1 }, async () => {
      await RequestContext.create(this.em, () => this.expireHolds.execute());
    }, this.logger);
  }
}
