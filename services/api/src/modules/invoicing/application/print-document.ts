import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { type DocumentLocale, renderDocumentHtml } from '../domain/render-document';
import { INVOICING } from '../invoicing.tokens';
import { GetDocument } from './get-document';
import type { DocumentRepository } from './ports/document-repository';

/** The printable document: the first rendering is the original, every later one a true copy. */
@injectable()
export class PrintDocument {
  constructor(
    @inject(GetDocument) private readonly getDocument: GetDocument,
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, id: string, locale: DocumentLocale): Promise<string> {
    const document = await this.getDocument.execute(scope, id);
    const original = await this.documents.markOriginalRendered(document, this.clock.now());
    return renderDocumentHtml(document, { locale, original });
  }
}
