import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { TaxDocument } from '../domain/tax-document';
import { INVOICING } from '../invoicing.tokens';
import type { DocumentRepository } from './ports/document-repository';

@injectable()
export class ListDocuments {
  constructor(@inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository) {}

  execute(scope: Scope, filter: { charge?: string; customer?: string }, page: PageRequest): Promise<Page<TaxDocument>> {
    return this.documents.list(scope, filter, page);
  }
}
