import { NotFoundError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { BusinessProfile, DealerType } from '../../../shared/domain/business-profile';
import type { Currency } from '../../../shared/domain/money';
import type { DocumentLine } from '../../../shared/domain/document-line';
import { type Allocation, needsAllocation } from './allocation';
import type { Scope } from '../../../shared/domain/scope';

export type DocumentType = 'tax_invoice_receipt' | 'credit_invoice' | 'receipt';

/** The Tax Authority's code of each type (as in its unified file format). */
export const DOCUMENT_TYPE_CODES = { tax_invoice_receipt: 320, credit_invoice: 330, receipt: 400 } as const satisfies Record<
  DocumentType,
  number
>;

/** Money taken (a sale or a capture), or money returned (a refund). */
export type DocumentKind = 'sale' | 'refund';

/**
 * The document a business issues: dealers who charge VAT (licensed dealers, companies) a tax invoice
 * receipt for money taken and a credit tax invoice for money returned; exempt dealers and non-profits,
 * who charge none, a receipt for both. Without a profile (test mode only), as a licensed dealer.
 */
export function documentTypeFor(kind: DocumentKind, dealerType: DealerType | null): DocumentType {
  if (dealerType === 'exempt_dealer' || dealerType === 'non_profit') return 'receipt';
  return kind === 'sale' ? 'tax_invoice_receipt' : 'credit_invoice';
}

export interface DocumentDetails {
  /** The business as it was at issue: its name, and its profile once it has one. */
  issuer: { name: string; profile: BusinessProfile | null };
  /** The customer as it was at issue. */
  recipient: { name: string; taxId: string | null; email: string | null; phone: string | null };
  payment: { cardLast4: string | null; installments: number | null };
}

/** For money returned, the document of the money taken. */
export interface DocumentReference {
  documentId: string;
  type: DocumentType;
  number: number;
}

/** Israel's VAT rates by the day they took effect, newest first. */
const VAT_RATES: { from: string; percent: number }[] = [
  { from: '2025-01-01', percent: 18 },
  { from: '2015-10-01', percent: 17 },
];

export function vatRateOn(date: Date): number {
  const day = date.toISOString().slice(0, 10);
  return (VAT_RATES.find((rate) => rate.from <= day) ?? VAT_RATES[VAT_RATES.length - 1]).percent;
}

/** The VAT inside a VAT-inclusive gross amount: round(gross × rate / (100 + rate)), half up, in agorot. */
export function vatIncluded(gross: number, percent: number): number {
  const sign = gross < 0 ? -1 : 1;
  const abs = Math.abs(gross);
  return sign * Math.floor((abs * percent * 2 + (100 + percent)) / (2 * (100 + percent)));
}

export interface IssueInput {
  kind: DocumentKind;
  customerId: string;
  chargeId: string | null;
  refundId: string | null;
  currency: Currency;
  lines: DocumentLine[];
  details: DocumentDetails;
  /** For money returned: the document of the charge. */
  refersTo: DocumentReference | null;
}

/**
 * An Israeli tax document (`documentTypeFor` says which): numbered without gaps per account, mode and
 * type, its lines summing to its total, VAT included (none on a receipt).
 */
export class TaxDocument {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  type!: DocumentType;
  number!: number;
  customerId!: string;
  chargeId!: string | null;
  refundId!: string | null;
  currency!: Currency;
  lines!: DocumentLine[];
  vatRate!: number;
  amountExcludingVat!: number;
  vatAmount!: number;
  total!: number;
  details!: DocumentDetails;
  refersTo!: DocumentReference | null;
  /** Null when the document needs no allocation number. */
  allocation!: Allocation | null;
  issuedAt!: Date;
  /** When the original was first rendered: every later rendering is a true copy. */
  originalRenderedAt!: Date | null;

  static issue(scope: Scope, input: IssueInput, now: Date): TaxDocument {
    const document = new TaxDocument();
    document.id = newId('doc');
    document.accountId = scope.accountId;
    document.livemode = scope.livemode;
    document.type = documentTypeFor(input.kind, input.details.issuer.profile?.dealerType ?? null);
    document.customerId = input.customerId;
    document.chargeId = input.chargeId;
    document.refundId = input.refundId;
    document.currency = input.currency;
    document.lines = input.lines;
    document.total = input.lines.reduce((sum, line) => sum + line.amount, 0);
    document.vatRate = document.type === 'receipt' ? 0 : vatRateOn(now);
    document.vatAmount = vatIncluded(document.total, document.vatRate);
    document.amountExcludingVat = document.total - document.vatAmount;
    document.details = input.details;
    document.refersTo = input.refersTo;
    document.issuedAt = now;
    document.originalRenderedAt = null;
    const allocate = needsAllocation({
      type: document.type,
      recipientTaxId: input.details.recipient.taxId,
      amountExcludingVat: document.amountExcludingVat,
      issuedAt: now,
    });
    document.allocation = allocate ? { status: 'pending', number: null, refusalReason: null } : null;
    return document;
  }

  /** The Tax Authority's answer to a pending allocation; false when it had been recorded already. */
  answerAllocation(answer: { approved: true; number: string } | { approved: false; reason: string }): boolean {
    if (this.allocation?.status !== 'pending') return false;
    this.allocation = answer.approved
      ? { status: 'approved', number: answer.number, refusalReason: null }
      : { status: 'refused', number: null, refusalReason: answer.reason };
    return true;
  }

  /** The scope's next number, given as the document is written. */
  numbered(number: number): void {
    this.number = number;
  }
}

export class DocumentNotFound extends NotFoundError {
  constructor(id: string) {
    super('document', id);
  }
}
