import type { DealerType } from '../../../../shared/domain/business-profile';
import { israelDay } from '../../../../shared/domain/israel-day';
import { formatShekels as shekels } from '../../../../shared/domain/money';
import type { DocumentLayout, DocumentLocale } from '../../application/ports/document-layout';
import { DOCUMENT_TYPE_CODES, type DocumentType, type TaxDocument } from '../../domain/tax-document';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS = {
  he: {
    dir: 'rtl',
    types: { tax_invoice_receipt: 'חשבונית מס/קבלה', credit_invoice: 'חשבונית מס זיכוי', receipt: 'קבלה' } satisfies Record<
      DocumentType,
      string
    >,
    dealers: { licensed_dealer: 'עוסק מורשה', exempt_dealer: 'עוסק פטור', company: 'ח״פ', non_profit: 'ע״ר' } satisfies Record<
      DealerType,
      string
    >,
    number: 'מס׳',
    original: 'מקור',
    copy: 'העתק נאמן למקור',
    test: 'מסמך בדיקה — אינו מסמך חשבונאי',
    date: 'תאריך',
    to: 'לכבוד',
    taxId: 'ח״פ/ע״מ',
    refersTo: 'מתייחסת ל',
    allocation: { label: 'מספר הקצאה', pending: 'ממתין לרשות המסים', refused: 'הבקשה נדחתה' },
    columns: ['תיאור', 'כמות', 'מחיר ליחידה', 'סכום'],
    beforeVat: 'סה״כ לפני מע״מ',
    vat: (rate: number) => `מע״מ ${rate}%`,
    noVat: 'פטור ממע״מ',
    total: 'סה״כ לתשלום',
    totalReturned: 'סה״כ זיכוי',
    paidBy: (last4: string) => `שולם בכרטיס אשראי המסתיים ב־${last4}`,
    installments: (count: number) => `מספר תשלומים ${count}`,
    returnedTo: (last4: string) => `הוחזר לכרטיס האשראי המסתיים ב־${last4}`,
    typeCode: 'סוג מסמך',
    currencyLabel: 'מטבע',
    currency: 'שקל חדש',
  },
  en: {
    dir: 'ltr',
    types: { tax_invoice_receipt: 'Tax invoice receipt', credit_invoice: 'Credit tax invoice', receipt: 'Receipt' } satisfies Record<
      DocumentType,
      string
    >,
    dealers: {
      licensed_dealer: 'Licensed dealer',
      exempt_dealer: 'Exempt dealer',
      company: 'Company no.',
      non_profit: 'Non-profit no.',
    } satisfies Record<DealerType, string>,
    number: 'No.',
    original: 'Original',
    copy: 'True copy of the original',
    test: 'Test document — not an accounting document',
    date: 'Date',
    to: 'To',
    taxId: 'Business no.',
    refersTo: 'Refers to',
    allocation: { label: 'Allocation number', pending: 'awaiting the Tax Authority', refused: 'refused' },
    columns: ['Description', 'Qty', 'Unit price', 'Amount'],
    beforeVat: 'Total before VAT',
    vat: (rate: number) => `VAT ${rate}%`,
    noVat: 'VAT exempt',
    total: 'Total paid',
    totalReturned: 'Total credited',
    paidBy: (last4: string) => `Paid by card ending ${last4}`,
    installments: (count: number) => `In ${count} installments`,
    returnedTo: (last4: string) => `Returned to the card ending ${last4}`,
    typeCode: 'Document type',
    currencyLabel: 'Currency',
    currency: 'New Israeli shekel (₪)',
  },
};

/**
 * A field's label: in English with a colon; in Hebrew without one, set apart by its colour. A colon or any
 * other neutral sign between Hebrew and a number or a Latin name is read on the wrong side of it by PDF
 * text extraction (poppler's `pdftotext`), so the Hebrew words avoid them at such borders (ח״פ, ב־4242).
 */
const label = (text: string, locale: DocumentLocale) => `<span class="label">${text}${locale === 'en' ? ':' : ''}</span>`;

/** Amounts keep their left-to-right order inside right-to-left text. */
const amount = (agorot: number) => `<bdi>${shekels(agorot)}</bdi>`;

/** The day in Israel, as the document's date. */
function israelDate(date: Date, locale: DocumentLocale): string {
  const [year, month, day] = israelDay(date).split('-');
  return [day, month, year].join(locale === 'he' ? '.' : '/');
}

function documentTitle(document: TaxDocument, locale: DocumentLocale): string {
  const w = WORDS[locale];
  return `${w.types[document.type]} ${w.number} ${document.number}`;
}

/** Phone and email on one line, left to right (each is written so). */
function contacts(...values: (string | null | undefined)[]): string {
  const given = values.filter((value): value is string => Boolean(value));
  return given.length > 0 ? `<p><bdi dir="ltr">${given.map(escape).join(' · ')}</bdi></p>` : '';
}

function renderDocumentHtml(
  document: TaxDocument,
  options: { locale: DocumentLocale; original: boolean; /** The merchant's uploaded logo, as a data URI. */ logo?: string | null },
): string {
  const w = WORDS[options.locale];
  const { issuer, recipient, payment } = document.details;
  const profile = issuer.profile;
  const title = documentTitle(document, options.locale);
  const returned = document.total < 0;

  const business = [
    options.logo ? `<img class="logo" src="${escape(options.logo)}" alt="">` : '',
    `<h2>${escape(profile?.legalName ?? issuer.name)}</h2>`,
    profile && profile.legalName !== issuer.name ? `<p>${escape(issuer.name)}</p>` : '',
    profile ? `<p>${w.dealers[profile.dealerType]} <bdi>${profile.businessNumber}</bdi></p>` : '',
    profile
      ? `<p><bdi dir="auto">${escape(profile.address.line1)}, ` +
        `${escape(profile.address.city)}${profile.address.postalCode ? ` ${profile.address.postalCode}` : ''}</bdi></p>`
      : '',
    contacts(profile?.phone, profile?.email),
  ].join('');
  const customer = [
    `<p>${label(w.to, options.locale)} <bdi dir="auto">${escape(recipient.name)}</bdi></p>`,
    recipient.taxId ? `<p>${label(w.taxId, options.locale)} <bdi>${recipient.taxId}</bdi></p>` : '',
    contacts(recipient.email, recipient.phone),
  ].join('');
  const reference = document.refersTo
    ? `<p class="reference">${w.refersTo}${options.locale === 'he' ? '' : ' '}${w.types[document.refersTo.type]} ${w.number} ${document.refersTo.number}</p>`
    : '';
  const allocation = document.allocation
    ? `<p class="allocation">${label(w.allocation.label, options.locale)} ${
        document.allocation.status === 'approved'
          ? `<bdi>${document.allocation.number}</bdi>`
          : document.allocation.status === 'pending'
            ? w.allocation.pending
            : `${w.allocation.refused} — ${escape(document.allocation.refusalReason ?? '')}`
      }</p>`
    : '';
  const rows = document.lines
    .map(
      (line) =>
        `<tr${line.amount < 0 ? ' class="credit"' : ''}><td>${escape(line.description)}</td><td class="num">${line.quantity}</td><td ` +
        `class="num">${amount(line.unitAmount)}</td><td class="num">${amount(line.amount)}</td></tr>`,
    )
    .join('\n');
  const vatRows =
    document.type === 'receipt'
      ? `<tr><td colspan="3">${w.noVat}</td><td class="num"></td></tr>`
      : `<tr><td colspan="3">${w.beforeVat}</td><td class="num">${amount(document.amountExcludingVat)}</td></tr>
<tr><td colspan="3">${w.vat(document.vatRate)}</td><td class="num">${amount(document.vatAmount)}</td></tr>`;

  return `<!doctype html>
<html lang="${options.locale}" dir="${w.dir}">
<head>
<meta charset="utf-8">
<title>${escape(title)}</title>
<style>
  @page { size: A4; margin: 16mm; }
  * { box-sizing: border-box; }
  body { font-family: Arial, 'Noto Sans Hebrew', 'DejaVu Sans', sans-serif; font-size: 11pt; color: #111;
         margin: 0 auto; padding: 16mm; inline-size: 210mm; min-block-size: 297mm; }
  @media print { body { padding: 0; inline-size: auto; min-block-size: auto; } }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 2rem; border-block-end: 2px solid #111; padding-block-end: 0.75rem; }
  header h2 { margin: 0 0 0.25rem; font-size: 15pt; }
  header .logo { display: block; max-block-size: 56px; max-inline-size: 200px; margin-block-end: 0.5rem; }
  header p, .parties p, footer p { margin: 0.1rem 0; }
  .mark { border: 2px solid #111; padding: 0.2rem 0.8rem; font-weight: bold; white-space: nowrap; }
  .test { color: #b00020; font-weight: bold; margin: 0.5rem 0 0; }
  h1 { font-size: 17pt; margin: 1.25rem 0 0.25rem; }
  .parties { display: flex; justify-content: space-between; gap: 2rem; margin-block: 0.75rem 1rem; }
  .label { color: #555; }
  table { inline-size: 100%; border-collapse: collapse; }
  th, td { padding: 0.35rem 0.5rem; text-align: start; vertical-align: top; }
  thead th { border-block-end: 1.5px solid #111; }
  tbody td { border-block-end: 1px solid #ddd; }
  .num { text-align: end; white-space: nowrap; font-variant-numeric: tabular-nums; inline-size: 1%; }
  th.num { inline-size: 1%; }
  tfoot td { border: none; }
  tfoot tr:first-child td { padding-block-start: 0.75rem; }
  tfoot .grand td { font-weight: bold; font-size: 12.5pt; border-block-start: 1.5px solid #111; }
  .credit td { color: #333; }
  .reference, .allocation { font-weight: bold; }
  footer { margin-block-start: 1.5rem; border-block-start: 1px solid #ddd; padding-block-start: 0.5rem; color: #333; }
</style>
</head>
<body>
<header>
<div class="business">${business}</div>
<div class="mark">${options.original ? w.original : w.copy}</div>
</header>
${document.livemode ? '' : `<p class="test">${w.test}</p>`}
<h1>${escape(title)}</h1>
<div class="parties">
<div>${customer}</div>
<div><p>${label(w.date, options.locale)} <bdi>${israelDate(document.issuedAt, options.locale)}</bdi></p>
<p>${label(w.typeCode, options.locale)} ${DOCUMENT_TYPE_CODES[document.type]}</p>
<p>${label(w.currencyLabel, options.locale)} ${w.currency}</p></div>
</div>
${reference}
${allocation}
<table>
<thead><tr><th>${w.columns[0]}</th><th class="num">${w.columns[1]}</th><th class="num">${w.columns[2]}</th><th class="num">${w.columns[3]}</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${vatRows}
<tr class="grand"><td colspan="3">${returned ? w.totalReturned : w.total}</td><td class="num">${amount(document.total)}</td></tr>
</tfoot>
</table>
${
  payment.cardLast4
    ? `<footer><p>${returned ? w.returnedTo(escape(payment.cardLast4)) : w.paidBy(escape(payment.cardLast4))}</p>` +
      `${!returned && payment.installments ? `<p>${w.installments(payment.installments)}</p>` : ''}</footer>`
    : ''
}
</body>
</html>`;
}

/** Tax documents as HTML pages, Hebrew or English, for the browser and the PDF printer. */
export const htmlDocumentLayout: DocumentLayout = { page: renderDocumentHtml, title: documentTitle };
