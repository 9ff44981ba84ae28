import { type DocumentLine, documentLines } from '../../../shared/domain/document-line';
import type { Plan } from '../../../shared/domain/plan';

export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';
export type BillingCycleAnchor = 'unchanged' | 'now';

/** What a subscription bills each period: its plan, how many, and a discount off every period. */
export interface Billing {
  plan: Plan;
  quantity: number;
  discount: number;
}

/** A period's amount: the unit price × quantity, less the discount, never below zero. */
export function periodAmount(billing: Billing): number {
  return Math.max(0, billing.plan.unitAmount * billing.quantity - billing.discount);
}

/** The lines of a whole period at `billing`: the plan (× quantity) and, when there is one, its discount. */
export function periodLines(billing: Billing): DocumentLine[] {
  const lines = [documentLines.item(billing.plan.name, billing.quantity, billing.plan.unitAmount)];
  const discount = Math.min(billing.discount, billing.plan.unitAmount * billing.quantity);
  if (discount > 0) lines.push(documentLines.discount('הנחה / Discount', discount));
  return lines;
}

/** `amount × part / whole`, rounded half up to the agora, in exact integers (no float holds money). */
export function share(amount: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  const clamped = Math.min(Math.max(part, 0), whole);
  return Number((2n * BigInt(amount) * BigInt(clamped) + BigInt(whole)) / (2n * BigInt(whole)));
}

export function sumOf(lines: DocumentLine[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

/** The credit for the unused part of the old billing, and the debit for the same part at the new one. */
export function prorationLines(
  from: Billing,
  to: Billing,
  period: { start: Date; end: Date },
  at: Date,
): { credit: DocumentLine; debit: DocumentLine } {
  const whole = period.end.getTime() - period.start.getTime();
  const remaining = period.end.getTime() - at.getTime();
  const credit = share(periodAmount(from), remaining, whole);
  const debit = share(periodAmount(to), remaining, whole);
  return {
    credit: documentLines.discount(`זמן שלא נוצל ב־${describe(from)} / Unused time on ${describe(from)}`, credit),
    debit: {
      description: `יתרת התקופה ב־${describe(to)} / Remaining time on ${describe(to)}`,
      quantity: 1,
      unitAmount: debit,
      amount: debit,
    },
  };
}

/** The credit alone: the unused part of the old billing when a new period starts now. */
export function unusedCredit(from: Billing, period: { start: Date; end: Date }, at: Date): DocumentLine {
  return prorationLines(from, from, period, at).credit;
}

function describe(billing: Billing): string {
  return billing.quantity === 1 ? billing.plan.name : `${billing.quantity} × ${billing.plan.name}`;
}
