import { inject, injectable } from 'inversify';
import type { Period } from '../../../shared/domain/period';
import type { Scope } from '../../../shared/domain/scope';
import { INVOICING } from '../invoicing.tokens';
import type { DayTotals, DocumentRepository } from './ports/document-repository';

export type { DayTotals };

/**
 * What a period's documents add up to, day by day: sales are the documents of money taken, refunds
 * those of money returned; the same documents, and totals, as the period's export.
 */
@injectable()
export class SummarizeDocuments {
  constructor(@inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository) {}

  execute(scope: Scope, period: Period): Promise<DayTotals[]> {
    return this.documents.totalsByDay(scope, period);
  }
}
