import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { RecordEvent } from '../../events';
import { DOCUMENT_TYPE_CODES } from '../domain/tax-document';
import { DOCUMENT_PDF_QUEUE, INVOICING } from '../invoicing.tokens';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { toDocumentResponse } from '../published/document';
import type { AllocationAuthorities } from './ports/allocation-authority';
import type { DocumentRepository } from './ports/document-repository';

/**
 * Asks the Tax Authority for a pending document's allocation number, outside any transaction, then
 * records the answer with `document.updated`, once (under the document's row lock), and has the now
 * final document's PDF rendered. An unreachable authority throws, and the job asks again later.
 */
@injectable()
export class RequestAllocation {
  constructor(
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(INVOICING.AllocationAuthorities) private readonly authorities: AllocationAuthorities,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(JOBS.Queue) private readonly queue: JobQueue,
  ) {}

  async execute(documentId: string): Promise<void> {
    const document = await this.documents.findByIdUnscoped(documentId);
    if (document?.allocation?.status !== 'pending') return;
    const answer = await this.authorities.forMode(document.livemode).request({
      documentId: document.id,
      accountId: document.accountId,
      typeCode: DOCUMENT_TYPE_CODES[document.type],
      customerName: document.details.recipient.name,
      businessNumber: document.details.issuer.profile?.businessNumber ?? null,
      customerTaxId: document.details.recipient.taxId!,
      documentNumber: document.number,
      issuedAt: document.issuedAt,
      amountExcludingVat: document.amountExcludingVat,
      vatAmount: document.vatAmount,
      total: document.total,
    });
    await this.uow.run(async () => {
      const current = (await this.documents.findForUpdateUnscoped(documentId))!;
      if (!current.answerAllocation(answer)) return;
      await this.documents.save(current);
      await this.recordEvent.execute(current, 'document.updated', toDocumentResponse(current));
      await this.queue.send(DOCUMENT_PDF_QUEUE, { documentId }, { singletonKey: `pdf:${documentId}` });
    });
  }
}
