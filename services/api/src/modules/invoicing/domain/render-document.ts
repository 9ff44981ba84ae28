import { formatShekels as shekels } from '../../../shared/domain/money';
import type { TaxDocument } from './tax-document';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);


const TITLES = { tax_invoice_receipt: 'חשבונית מס / קבלה', credit_invoice: 'חשבונית זיכוי' };

/** The printable document: Hebrew, right to left. */
export function renderDocumentHtml(document: TaxDocument): string {
  const { business, customer, card_last4: last4, installments } = document.details;
  const rows = document.lines
    .map((line) => `<tr><td>${escape(line.description)}</td><td>${line.quantity}</td><td>${shekels(line.unit_amount)}</td><td>${shekels(line.amount)}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<title>${TITLES[document.type]} ${document.number}</title>
<style>
  body { font-family: Arial, 'Noto Sans Hebrew', sans-serif; max-inline-size: 48rem; margin-inline: auto; padding: 2rem; }
  table { inline-size: 100%; border-collapse: collapse; }
  th, td { border-block-end: 1px solid #ddd; padding: 0.4rem; text-align: start; }
  .totals td { border: none; }
</style>
</head>
<body>
<h1>${TITLES[document.type]} מס׳ ${document.number}</h1>
<p>${escape(business.name)}${document.livemode ? '' : ' — מסמך בדיקה (test mode)'}</p>
<p>תאריך: ${document.issuedAt.toISOString().slice(0, 10)}</p>
<p>לכבוד: ${escape(customer.name)}${customer.email ? `, ${escape(customer.email)}` : ''}${customer.phone ? `, ${escape(customer.phone)}` : ''}</p>
<table>
<thead><tr><th>תיאור</th><th>כמות</th><th>מחיר ליחידה</th><th>סכום</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<table class="totals">
<tr><td>סכום לפני מע״מ</td><td>${shekels(document.amountExcludingVat)}</td></tr>
<tr><td>מע״מ ${document.vatRate}%</td><td>${shekels(document.vatAmount)}</td></tr>
<tr><td><strong>סה״כ</strong></td><td><strong>${shekels(document.total)}</strong></td></tr>
</table>
${last4 ? `<p>שולם בכרטיס אשראי המסתיים ב-${escape(last4)}${installments ? ` ב-${installments} תשלומים` : ''}</p>` : ''}
</body>
</html>`;
}
