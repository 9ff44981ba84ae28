import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { TaxDocument } from '../../domain/tax-document';

export interface DocumentRepository {
  /** The next number of the scope's sequence, taken inside the caller's transaction: a rollback gives it back. */
  nextNumber(scope: Scope): Promise<number>;
  add(document: TaxDocument): Promise<void>;
  findById(scope: Scope, id: string): Promise<TaxDocument | null>;
  list(scope: Scope, filter: { charge?: string; customer?: string }, page: PageRequest): Promise<Page<TaxDocument>>;
}
