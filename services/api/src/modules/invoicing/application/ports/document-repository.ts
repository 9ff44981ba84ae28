import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { IssuedPeriod } from '../../domain/issued-period';
import type { Period } from '../../../../shared/domain/period';
import type { DocumentType, TaxDocument } from '../../domain/tax-document';

export interface DocumentFilter {
  charge?: string;
  customer?: string;
  type?: DocumentType;
  period?: IssuedPeriod;
}

/** Agorot taken and returned on one day in Israel, by the documents issued for them. */
export interface DayTotals {
  day: string;
  sales: number;
  refunds: number;
}

export interface DocumentRepository {
  /** Per day in Israel with documents in the period: the totals of sales and of refunds (as positive agorot). */
  totalsByDay(scope: Scope, period: Period): Promise<DayTotals[]>;
  /**
   * The next `count` numbers of the scope's sequence for `type` (the first is returned), taken inside the
   * caller's transaction: a rollback gives them back.
   */
  takeNumbers(scope: Scope, type: DocumentType, count: number): Promise<number>;
  addMany(documents: TaxDocument[]): Promise<void>;
  findById(scope: Scope, id: string): Promise<TaxDocument | null>;
  /** For jobs, which carry ids only. */
  findByIdUnscoped(id: string): Promise<TaxDocument | null>;
  /** Locks the document until the unit of work ends. */
  findForUpdateUnscoped(id: string): Promise<TaxDocument | null>;
  save(document: TaxDocument): Promise<void>;
  /** The document of money taken by the charge. */
  findSaleOf(scope: Scope, chargeId: string): Promise<TaxDocument | null>;
  /** Records the first rendering of the original; false when it had been rendered already. */
  markOriginalRendered(document: TaxDocument, now: Date): Promise<boolean>;
  list(scope: Scope, filter: DocumentFilter, page: PageRequest): Promise<Page<TaxDocument>>;
  /** Every document of the period, by type and number. */
  inPeriod(scope: Scope, period: IssuedPeriod): Promise<TaxDocument[]>;
  /** The ids of the scope's documents still waiting for their allocation number. */
  awaitingAllocation(scope: Scope): Promise<string[]>;
  /** The ids of documents of any account issued before `before` and still waiting for their number, oldest first. */
  awaitingAllocationSince(before: Date, limit: number): Promise<string[]>;
}
