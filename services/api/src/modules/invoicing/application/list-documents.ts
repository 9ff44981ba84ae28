import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import { documentsCsv } from '../domain/documents-csv';
import { issuedPeriod } from '../domain/issued-period';
import type { DocumentType, TaxDocument } from '../domain/tax-document';
import { INVOICING } from '../invoicing.tokens';
import type { DocumentRepository } from './ports/document-repository';

export interface DocumentQuery {
  charge?: string;
  customer?: string;
  type?: DocumentType;
  /** Israel days, `YYYY-MM-DD`, both included. */
  issuedFrom?: string;
  issuedTo?: string;
}

@injectable()
export class ListDocuments {
  constructor(@inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository) {}

  execute(scope: Scope, query: DocumentQuery, page: PageRequest): Promise<Page<TaxDocument>> {
    const { issuedFrom, issuedTo, ...filter } = query;
    return this.documents.list(scope, { ...filter, period: issuedPeriod(issuedFrom, issuedTo) }, page);
  }

  /** The accountant's CSV of a period. */
  async export(scope: Scope, issuedFrom: string, issuedTo: string): Promise<string> {
    return documentsCsv(await this.documents.inPeriod(scope, issuedPeriod(issuedFrom, issuedTo)));
  }
}
