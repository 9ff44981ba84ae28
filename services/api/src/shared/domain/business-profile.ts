/** What the Tax Authority registered a business as; it decides which documents the business issues. */
export type DealerType = 'licensed_dealer' | 'exempt_dealer' | 'company' | 'non_profit';

/** Who a merchant's tax documents are from (the account's, copied onto each document as issued). */
export interface BusinessProfile {
  legalName: string;
  /** Nine digits with a valid check digit (ח.פ., עוסק, עמותה). */
  businessNumber: string;
  dealerType: DealerType;
  address: { line1: string; city: string; postalCode: string | null };
  /** The contact printed on documents. */
  email: string | null;
  phone: string | null;
}
