import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { DocumentNotFound, type TaxDocument } from '../domain/tax-document';
import { INVOICING } from '../invoicing.tokens';
import type { DocumentRepository } from './ports/document-repository';

@injectable()
export class GetDocument {
  constructor(@inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository) {}

  async execute(scope: Scope, id: string): Promise<TaxDocument> {
    const document = await this.documents.findById(scope, id);
    if (!document) throw new DocumentNotFound(id);
    return document;
  }
}
