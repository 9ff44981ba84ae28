import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startScheduledJob } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { inOwnContext } from '../../../../platform/persistence/own-context';
import { ReaskPendingAllocations } from '../../application/reask-pending-allocations';
import { ALLOCATION_SWEEP_QUEUE } from '../../invoicing.tokens';

/** Daily at 03:30 Israel time: documents whose allocation job gave up are asked again. */
@injectable()
export class AllocationSweepJob {
  constructor(
    @inject(ReaskPendingAllocations) private readonly reask: ReaskPendingAllocations,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  start(options: BatchWorkerOptions): Promise<{ stop(): Promise<void> }> {
    return startScheduledJob(
      this.boss,
      ALLOCATION_SWEEP_QUEUE,
      '30 3 * * *',
      options,
      () => inOwnContext(this.em, () => this.reask.execute()),
      this.logger,
    );
  }
}
