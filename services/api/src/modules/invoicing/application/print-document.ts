import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { DocumentNotFound, type TaxDocument } from '../domain/tax-document';
import { INVOICING, type InvoicingSettings } from '../invoicing.tokens';
import { GetAccount, GetLogo } from '../../accounts';
import { GetDocument } from './get-document';
import type { DocumentLayout, DocumentLocale } from './ports/document-layout';
import type { DocumentRepository } from './ports/document-repository';

/** The printable document: the first rendering is the original, every later one a true copy. */
@injectable()
export class PrintDocument {
  constructor(
    @inject(GetDocument) private readonly getDocument: GetDocument,
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(INVOICING.Settings) private readonly settings: InvoicingSettings,
    @inject(SHARED.Clock) private readonly clock: Clock,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(GetLogo) private readonly getLogo: GetLogo,
    @inject(INVOICING.DocumentLayout) private readonly layout: DocumentLayout,
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

  /** The page as the original or as a true copy, without recording a rendering (the PDF's job records its own). */
  async page(document: TaxDocument, locale: DocumentLocale, original: boolean): Promise<string> {
    return this.layout.page(document, { locale, original, logo: await this.logoOf(document.accountId) });
  }

  private async render(document: TaxDocument, locale: DocumentLocale): Promise<string> {
    return this.page(document, locale, await this.documents.markOriginalRendered(document, this.clock.now()));
  }

  /** The merchant's uploaded logo, inlined: a document loads nothing from anywhere. */
  private async logoOf(accountId: string): Promise<string | null> {
    const { logoId } = (await this.getAccount.execute(accountId)).branding;
    const logo = logoId ? await this.getLogo.execute(logoId) : null;
    return logo && `data:${logo.contentType};base64,${logo.data.toString('base64')}`;
  }
}
