import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startBatchWorker } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { inOwnContext } from '../../../../platform/persistence/own-context';
import { RenderDocumentPdf } from '../../application/render-document-pdf';
import { RequestAllocation } from '../../application/request-allocation';
import { DOCUMENT_ALLOCATION_QUEUE, DOCUMENT_PDF_QUEUE } from '../../invoicing.tokens';

/**
 * A document's jobs after its commit: its allocation request (a failed one is asked again with backoff,
 * the queue's retries), then, once it is final, its signed PDF (the PDF maker's pool bounds how many
 * print at once).
 */
@injectable()
export class DocumentJobs {
  constructor(
    @inject(RequestAllocation) private readonly requestAllocation: RequestAllocation,
    @inject(RenderDocumentPdf) private readonly renderPdf: RenderDocumentPdf,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  startAllocations(options: BatchWorkerOptions): { stop(): Promise<void> } {
    return this.start(DOCUMENT_ALLOCATION_QUEUE, options, (documentId) => this.requestAllocation.execute(documentId));
  }

  startPdfs(options: BatchWorkerOptions): { stop(): Promise<void> } {
    return this.start(DOCUMENT_PDF_QUEUE, options, (documentId) => this.renderPdf.execute(documentId));
  }

  private start(queue: string, options: BatchWorkerOptions, handle: (documentId: string) => Promise<void>): { stop(): Promise<void> } {
    return startBatchWorker<{ documentId: string }>(
      this.boss,
      queue,
      options,
      ({ documentId }) => inOwnContext(this.em, () => handle(documentId)),
      this.logger,
    );
  }
}
