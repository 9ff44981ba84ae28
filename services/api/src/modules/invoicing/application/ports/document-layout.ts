import type { TaxDocument } from '../../domain/tax-document';

export type DocumentLocale = 'he' | 'en';

/** How a tax document looks on paper: its printable page and its heading. */
export interface DocumentLayout {
  /**
   * The printable document, A4: the business's identity, the customer, the lines with the totals under
   * their amount column, and how it was paid; marked original on its first rendering, a true copy after.
   */
  page(
    document: TaxDocument,
    options: { locale: DocumentLocale; original: boolean; /** The merchant's uploaded logo, as a data URI. */ logo?: string | null },
  ): string;
  /** The document's type and number, as its heading says them. */
  title(document: TaxDocument, locale: DocumentLocale): string;
}
