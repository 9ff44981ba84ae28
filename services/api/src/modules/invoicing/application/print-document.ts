import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { type DocumentLocale, renderDocumentHtml } from '../domain/render-document';
import { DocumentNotFound, type TaxDocument } from '../domain/tax-document';
import { INVOICING, type InvoicingSettings } from '../invoicing.tokens';
import { GetDocument } from './get-document';
import type { DocumentRepository } from './ports/document-repository';

/** The printable document: the first rendering is the original, every later one a true copy. */
@injectable()
export class PrintDocument {
  constructor(
    @inject(GetDocument) private readonly getDocument: GetDocument,
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(INVOICING.Settings) private readonly settings: InvoicingSettings,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, id: string, locale: DocumentLocale): Promise<string> {
    return this.render(await this.getDocument.execute(scope, id), locale);
  }

  /** For the customer's link, keyed by the unguessable id alone. */
  async forCustomer(id: string, locale: DocumentLocale): Promise<string> {
    const document = await this.documents.findByIdUnscoped(id);
    if (!document) throw new DocumentNotFound(id);
    return this.render(document, locale);
  }

  /** Where the customer opens the document (the receipt email links to it). */
  customerLink(id: string): string {
    return `${this.settings.publicBaseUrl}/v1/documents/${id}/view`;
  }

  private async render(document: TaxDocument, locale: DocumentLocale): Promise<string> {
    const original = await this.documents.markOriginalRendered(document, this.clock.now());
    return renderDocumentHtml(document, { locale, original });
  }
}
