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
import { DOCUMENT_PDF_QUEUE } from '../../invoicing.tokens';

/** Each final document's signed PDF; the renderer's pool bounds how many print at once. */
@injectable()
export class DocumentPdfJob {
  constructor(
    @inject(RenderDocumentPdf) private readonly renderPdf: RenderDocumentPdf,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  start(options: BatchWorkerOptions): { stop(): Promise<void> } {
    return startBatchWorker<{ documentId: string }>(
      this.boss,
      DOCUMENT_PDF_QUEUE,
      options,
      ({ documentId }) => inOwnContext(this.em, () => this.renderPdf.execute(documentId)),
      this.logger,
    );
  }
}
