import { NotFoundError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { Currency } from '../../../shared/domain/money';
import type { DocumentLine } from '../../../shared/domain/document-line';
import type { Scope } from '../../../shared/domain/scope';

export type DocumentType = 'tax_invoice_receipt' | 'credit_invoice';

export type { DocumentLine };

export interface DocumentDetails {
  business: { name: string };
  customer: { name: string; email: string | null; phone: string | null };
  card_last4: string | null;
  installments: number | null;
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

/**
 * An Israeli tax invoice receipt (or, for a refund, a credit invoice): numbered without gaps per account
 * and mode, its lines summing to its total, VAT included.
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
  issuedAt!: Date;

  static issue(scope: Scope, input: { type: DocumentType; customerId: string; chargeId: string | null; refundId: string | null; currency: Currency; lines: DocumentLine[]; details: DocumentDetails }, now: Date): TaxDocument {
    const document = new TaxDocument();
    document.id = newId('doc');
    document.accountId = scope.accountId;
    document.livemode = scope.livemode;
    document.type = input.type;
    document.customerId = input.customerId;
    document.chargeId = input.chargeId;
    document.refundId = input.refundId;
    document.currency = input.currency;
    document.lines = input.lines;
    document.total = input.lines.reduce((sum, line) => sum + line.amount, 0);
    document.vatRate = vatRateOn(now);
    document.vatAmount = vatIncluded(document.total, document.vatRate);
    document.amountExcludingVat = document.total - document.vatAmount;
    document.details = input.details;
    document.issuedAt = now;
    return document;
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
