import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { DocumentType, TaxDocument } from '../../domain/tax-document';

export interface DocumentRepository {
  /** The next number of the scope's sequence for `type`, taken inside the caller's transaction: a rollback gives it back. */
  nextNumber(scope: Scope, type: DocumentType): Promise<number>;
  add(document: TaxDocument): Promise<void>;
  findById(scope: Scope, id: string): Promise<TaxDocument | null>;
  /** The document of money taken by the charge. */
  findSaleOf(scope: Scope, chargeId: string): Promise<TaxDocument | null>;
  /** Records the first rendering of the original; false when it had been rendered already. */
  markOriginalRendered(document: TaxDocument, now: Date): Promise<boolean>;
  list(scope: Scope, filter: { charge?: string; customer?: string }, page: PageRequest): Promise<Page<TaxDocument>>;
}
