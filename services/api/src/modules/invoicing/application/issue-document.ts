import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Currency } from '../../../shared/domain/money';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { type DocumentDetails, type DocumentLine, type DocumentType, TaxDocument } from '../domain/tax-document';
import { INVOICING } from '../invoicing.tokens';
import type { DocumentRepository } from './ports/document-repository';

export interface IssueDocumentInput {
  type: DocumentType;
  customerId: string;
  chargeId: string | null;
  refundId: string | null;
  currency: Currency;
  lines: DocumentLine[];
  details: DocumentDetails;
}

/**
 * Issues a document inside the caller's money transaction and returns its id. Its number, the scope's
 * next, is taken as that transaction's last write: numbers stay gapless (a rolled-back transaction took
 * none), and the lock on the scope's sequence, which every money transaction of the account waits for,
 * is held only for the commit.
 */
@injectable()
export class IssueDocument {
  constructor(
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: IssueDocumentInput): Promise<string> {
    if (!this.uow.active()) throw new Error('a document must be issued inside the unit of work of its charge');
    const document = TaxDocument.issue(scope, input, this.clock.now());
    this.uow.beforeCommit(async () => {
      document.numbered(await this.documents.nextNumber(scope));
      await this.documents.add(document);
    });
    return document.id;
  }
}
