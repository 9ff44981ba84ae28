import { describe, expect, it } from 'vitest';
import { TaxDocument, vatIncluded, vatRateOn } from './tax-document';

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

  it('adds up: excluding VAT + VAT = total = the lines', () => {
    const document = TaxDocument.issue(
      { accountId: 'acct_1', livemode: false },
      {
        type: 'tax_invoice_receipt', customerId: 'cus_1', chargeId: 'ch_1', refundId: null, currency: 'ils',
        lines: [{ description: 'Shirt', quantity: 2, unit_amount: 5000, amount: 10_000 }, { description: 'Discount', quantity: 1, unit_amount: -1000, amount: -1000 }],
        details: { business: { name: 'Shop' }, customer: { name: 'Dana', email: null, phone: null }, card_last4: '4242', installments: null },
      },
      new Date('2026-11-21T10:00:00Z'),
    );
    expect(document.total).toBe(9000);
    expect(document.vatAmount).toBe(1373); // 1372.88…
    expect(document.amountExcludingVat + document.vatAmount).toBe(9000);
  });
});
