import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { groupBy } from '../../../shared/domain/group-by';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import { type CommitBatch, COMMIT_ORDER, type UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { type IssueInput, TaxDocument } from '../domain/tax-document';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { RecordEvent } from '../../events';
import { toDocumentResponse } from '../published/document';
import { DOCUMENT_ALLOCATION_QUEUE, DOCUMENT_PDF_QUEUE, INVOICING } from '../invoicing.tokens';
import type { DocumentRepository } from './ports/document-repository';

export type { DocumentDetails } from '../domain/tax-document';

/** What the caller knows; the type follows from the kind and the issuer's dealer type. */
export type IssueDocumentInput = Omit<IssueInput, 'refersTo'>;

/**
 * Issues a document inside the caller's money transaction and returns its id. Its number, the next of
 * the scope's sequence for its type, is taken with the transaction's last writes: numbers stay gapless
 * (a rolled-back transaction took none), and the lock on the sequence, which every money transaction of
 * the account waits for, is held only for the rest of them (`COMMIT_ORDER`: the events, the jobs) and
 * the commit. The transaction's documents are numbered and written together (one statement per
 * sequence, sequences in a fixed order, one insert), their `document.created` with its other events.
 * A document of money returned refers to the charge's; one that needs an allocation number is asked
 * for it right after the commit, and its PDF rendered once it is final.
 */
@injectable()
export class IssueDocument {
  private readonly batch: CommitBatch<TaxDocument> = {
    write: (documents) => this.numberAndWrite(documents),
    order: COMMIT_ORDER.documents,
  };

  constructor(
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(JOBS.Queue) private readonly queue: JobQueue,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: IssueDocumentInput): Promise<string> {
    if (!this.uow.active()) throw new Error('a document must be issued inside the unit of work of its charge');
    const original = input.kind === 'refund' && input.chargeId ? await this.documents.findSaleOf(scope, input.chargeId) : null;
    const refersTo = original && { documentId: original.id, type: original.type, number: original.number };
    const document = TaxDocument.issue(scope, { ...input, refersTo }, this.clock.now());
    this.uow.addAtCommit(this.batch, document);
    return document.id;
  }

  private async numberAndWrite(documents: TaxDocument[]): Promise<void> {
    const sequences = groupBy(documents, (document) => `${document.accountId}:${document.livemode}:${document.type}`);
    // In key order: two transactions numbering for the same accounts lock their sequences alike.
    for (const key of [...sequences.keys()].sort()) {
      const inSequence = sequences.get(key)!;
      const first = await this.documents.takeNumbers(inSequence[0], inSequence[0].type, inSequence.length);
      inSequence.forEach((document, i) => document.numbered(first + i));
    }
    await this.documents.addMany(documents);
    await this.recordEvent.executeMany(
      documents.map((document) => ({ scope: document, type: 'document.created', data: toDocumentResponse(document) })),
    );
    // A document is final at once, or once its allocation number is settled: then its PDF is rendered.
    await this.queue.sendMany(
      documents.map((document) => ({
        name: document.allocation ? DOCUMENT_ALLOCATION_QUEUE : DOCUMENT_PDF_QUEUE,
        data: { documentId: document.id },
      })),
    );
  }
}
