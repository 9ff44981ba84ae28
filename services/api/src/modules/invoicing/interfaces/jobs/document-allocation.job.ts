import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startBatchWorker } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { RequestAllocation } from '../../application/request-allocation';
import { DOCUMENT_ALLOCATION_QUEUE } from '../../invoicing.tokens';
import { inOwnContext } from '../../../../platform/persistence/own-context';

/** Each pending document's allocation request; a failed one is asked again with backoff (the queue's retries). */
@injectable()
export class DocumentAllocationJob {
  constructor(
    @inject(RequestAllocation) private readonly requestAllocation: RequestAllocation,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  start(options: BatchWorkerOptions): { stop(): Promise<void> } {
    return startBatchWorker<{ documentId: string }>(
      this.boss,
      DOCUMENT_ALLOCATION_QUEUE,
      options,
      ({ documentId }) => inOwnContext(this.em, () => this.requestAllocation.execute(documentId)),
      this.logger,
    );
  }
}
