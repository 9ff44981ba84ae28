import { describe, expect, it } from 'vitest';
import type { BusinessProfile, DealerType } from '../../../shared/domain/business-profile';
import { type DocumentKind, documentTypeFor, type IssueInput, TaxDocument, vatIncluded, vatRateOn } from './tax-document';

describe('VAT', () => {
  it('is 18 % from 2025 and 17 % before', () => {
    expect(vatRateOn(new Date('2026-11-21T00:00:00Z'))).toBe(18);
    expect(vatRateOn(new Date('2024-12-31T23:59:59Z'))).toBe(17);
  });

  it.each([
    [1, 0], // 0.1525… rounds to 0
    [7, 1], // 1.0677…
    [118, 18],
    [59, 9], // exactly 9
    [999_999, 152_542], // 152542.22…
    [100, 15], // 15.254…
    [-118, -18],
  ])('of %i agorot gross is %i', (gross, vat) => {
    expect(vatIncluded(gross, 18)).toBe(vat);
  });

  it('rounds exact halves up', () => {
    // 2.5 agorot of VAT: gross × 18 / 118 = 2.5 when gross = 16.388…; with 17 %: 117 × 2.5 / 17 is not an
    // integer either, so check the boundary through the formula on a constructed rate of 100 %.
    expect(vatIncluded(5, 100)).toBe(3); // 2.5 → 3
  });
});

const profile = (dealerType: DealerType): BusinessProfile => ({
  legalName: 'Olive Grove Ltd',
  businessNumber: '516179157',
  dealerType,
  address: { line1: 'Herzl 1', city: 'Haifa', postalCode: null },
  email: null,
  phone: null,
});

function issue(kind: DocumentKind, dealerType: DealerType | null): TaxDocument {
  const input: IssueInput = {
    kind,
    customerId: 'cus_1',
    chargeId: 'ch_1',
    refundId: kind === 'refund' ? 're_1' : null,
    currency: 'ils',
    lines:
      kind === 'sale'
        ? [
            { description: 'Shirt', quantity: 2, unitAmount: 5000, amount: 10_000 },
            { description: 'Discount', quantity: 1, unitAmount: -1000, amount: -1000 },
          ]
        : [{ description: 'Refund', quantity: 1, unitAmount: -9000, amount: -9000 }],
    details: {
      issuer: { name: 'Shop', profile: dealerType && profile(dealerType) },
      recipient: { name: 'Dana', taxId: null, email: null, phone: null },
      payment: { cardLast4: '4242', installments: null },
    },
    refersTo: kind === 'refund' ? { documentId: 'doc_1', type: 'tax_invoice_receipt', number: 7 } : null,
  };
  return TaxDocument.issue({ accountId: 'acct_1', livemode: false }, input, new Date('2026-11-21T10:00:00Z'));
}

describe('documents by dealer type', () => {
  it.each([
    ['licensed_dealer', 'sale', 'tax_invoice_receipt'],
    ['company', 'sale', 'tax_invoice_receipt'],
    ['licensed_dealer', 'refund', 'credit_invoice'],
    ['company', 'refund', 'credit_invoice'],
    ['exempt_dealer', 'sale', 'receipt'],
    ['exempt_dealer', 'refund', 'receipt'],
    ['non_profit', 'sale', 'receipt'],
    ['non_profit', 'refund', 'receipt'],
    [null, 'sale', 'tax_invoice_receipt'],
  ] as const)('a %s issues for a %s a %s', (dealer, kind, type) => {
    expect(documentTypeFor(kind, dealer)).toBe(type);
    expect(issue(kind, dealer).type).toBe(type);
  });

  it('a tax invoice receipt adds up: excluding VAT + VAT = total = the lines', () => {
    const document = issue('sale', 'licensed_dealer');
    expect(document.total).toBe(9000);
    expect(document.vatRate).toBe(18);
    expect(document.vatAmount).toBe(1373); // 1372.88…
    expect(document.amountExcludingVat + document.vatAmount).toBe(9000);
  });

  it("an exempt dealer's receipt carries no VAT", () => {
    const document = issue('sale', 'exempt_dealer');
    expect(document).toMatchObject({ type: 'receipt', total: 9000, vatRate: 0, vatAmount: 0, amountExcludingVat: 9000 });
  });

  it('a credit invoice is negative, with its VAT, and refers to the original', () => {
    const document = issue('refund', 'licensed_dealer');
    expect(document).toMatchObject({ type: 'credit_invoice', total: -9000, vatAmount: -1373, amountExcludingVat: -7627 });
    expect(document.refersTo).toEqual({ documentId: 'doc_1', type: 'tax_invoice_receipt', number: 7 });
  });
});
