import { israelDay } from '../../../shared/domain/israel-day';
import { formatDecimal } from '../../../shared/domain/money';
import { DOCUMENT_TYPE_CODES, type DocumentType, type TaxDocument } from './tax-document';

const COLUMNS = [
  'row',
  'type',
  'type_code',
  'number',
  'issued_on',
  'customer',
  'customer_tax_id',
  'charge',
  'refund',
  'refers_to_number',
  'allocation_number',
  'amount_excluding_vat',
  'vat_amount',
  'total',
  'documents',
];

/** A text cell: quoted when it must be, and never read by a spreadsheet as a formula. */
function text(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

interface Totals {
  amountExcludingVat: number;
  vatAmount: number;
  total: number;
  documents: number;
}

const add = (totals: Totals, document: TaxDocument) => {
  totals.amountExcludingVat += document.amountExcludingVat;
  totals.vatAmount += document.vatAmount;
  totals.total += document.total;
  totals.documents += 1;
};

/**
 * The accountant's export: one row per document, then a total row per type and one for all. Amounts in
 * shekels with two decimals; dates are Israel days.
 */
export function documentsCsv(documents: TaxDocument[]): string {
  const rows = [COLUMNS.join(',')];
  const byType = new Map<DocumentType, Totals>();
  const all: Totals = { amountExcludingVat: 0, vatAmount: 0, total: 0, documents: 0 };
  for (const document of documents) {
    rows.push(
      [
        'document',
        document.type,
        DOCUMENT_TYPE_CODES[document.type],
        document.number,
        israelDay(document.issuedAt),
        text(document.details.recipient.name),
        document.details.recipient.taxId ?? '',
        document.chargeId ?? '',
        document.refundId ?? '',
        document.refersTo?.number ?? '',
        document.allocation?.number ?? '',
        formatDecimal(document.amountExcludingVat),
        formatDecimal(document.vatAmount),
        formatDecimal(document.total),
        1,
      ].join(','),
    );
    if (!byType.has(document.type)) byType.set(document.type, { amountExcludingVat: 0, vatAmount: 0, total: 0, documents: 0 });
    add(byType.get(document.type)!, document);
    add(all, document);
  }
  const totalRow = (type: string, code: number | '', totals: Totals) =>
    [
      'total',
      type,
      code,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      formatDecimal(totals.amountExcludingVat),
      formatDecimal(totals.vatAmount),
      formatDecimal(totals.total),
      totals.documents,
    ].join(',');
  for (const [type, totals] of byType) rows.push(totalRow(type, DOCUMENT_TYPE_CODES[type], totals));
  rows.push(totalRow('all', '', all));
  return `${rows.join('\r\n')}\r\n`;
}
