import { describe, expect, it } from 'vitest';
import { allocationThresholdOn, needsAllocation } from './allocation';

/** Noon in Israel on `day`. */
const on = (day: string) => new Date(`${day}T12:00:00+02:00`);
const invoice = (amountExcludingVat: number, day: string, recipientTaxId: string | null = '000000018', type = 'tax_invoice_receipt') =>
  needsAllocation({ type, recipientTaxId, amountExcludingVat, issuedAt: on(day) });

describe('allocation numbers', () => {
  it('follow the threshold in force on the document’s day in Israel', () => {
    expect(allocationThresholdOn(on('2025-12-31'))).toBe(2_000_000);
    expect(allocationThresholdOn(on('2026-01-01'))).toBe(1_000_000);
    expect(allocationThresholdOn(on('2026-05-31'))).toBe(1_000_000);
    expect(allocationThresholdOn(on('2026-06-01'))).toBe(500_000);
    expect(allocationThresholdOn(on('2024-05-04'))).toBeNull();
    // 00:30 on 1 June in Israel (summer time, UTC+3) is still 31 May in UTC: June's threshold applies.
    expect(allocationThresholdOn(new Date('2026-05-31T21:30:00Z'))).toBe(500_000);
  });

  it.each([
    ['2026-01-01', 1_000_000, false],
    ['2026-01-01', 1_000_001, true],
    ['2025-12-31', 1_000_001, false],
    ['2026-05-31', 500_001, false],
    ['2026-05-31', 1_000_001, true],
    ['2026-06-01', 500_000, false],
    ['2026-06-01', 500_001, true],
  ] as const)('on %s, %i agorot before VAT: needed %s', (day, amount, needed) => {
    expect(invoice(amount, day)).toBe(needed);
  });

  it('only for a tax invoice to a business customer', () => {
    expect(invoice(900_000, '2026-11-23')).toBe(true);
    expect(invoice(900_000, '2026-11-23', null)).toBe(false);
    expect(invoice(900_000, '2026-11-23', '000000018', 'receipt')).toBe(false);
    expect(invoice(-900_000, '2026-11-23', '000000018', 'credit_invoice')).toBe(false);
  });
});
