import { israelDay } from '../../../shared/domain/israel-day';

/**
 * The amount before VAT (agorot) above which a tax invoice to a business needs an allocation number from
 * the Tax Authority, by the day it took effect (newest first).
 */
const ALLOCATION_THRESHOLDS: { from: string; agorot: number }[] = [
  { from: '2026-06-01', agorot: 500_000 },
  { from: '2026-01-01', agorot: 1_000_000 },
  { from: '2025-01-01', agorot: 2_000_000 },
  { from: '2024-05-05', agorot: 2_500_000 },
];

export type AllocationStatus = 'pending' | 'approved' | 'refused';

/** A document's allocation number, once asked for: pending until the Tax Authority answers. */
export interface Allocation {
  status: AllocationStatus;
  number: string | null;
  refusalReason: string | null;
}

/** The threshold in force on `date`, or null before allocation numbers existed. */
export function allocationThresholdOn(date: Date): number | null {
  const day = israelDay(date);
  return ALLOCATION_THRESHOLDS.find((threshold) => threshold.from <= day)?.agorot ?? null;
}

/** A tax invoice to a business customer whose amount before VAT is above the day's threshold. */
export function needsAllocation(document: {
  type: string;
  recipientTaxId: string | null;
  amountExcludingVat: number;
  issuedAt: Date;
}): boolean {
  if (document.type !== 'tax_invoice_receipt' || !document.recipientTaxId) return false;
  const threshold = allocationThresholdOn(document.issuedAt);
  return threshold !== null && document.amountExcludingVat > threshold;
}
