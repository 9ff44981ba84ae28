import type { BillingInterval } from '../../../shared/domain/plan';

export type { BillingInterval };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * `anchor` moved forward by `count` whole intervals, in UTC calendar months or years, keeping the
 * anchor's day of month and clamping it to the month's end: Jan 31 → Feb 28 (29) → Mar 31 → Apr 30.
 */
export function addIntervals(anchor: Date, interval: BillingInterval, count: number): Date {
  const months = interval === 'year' ? 12 * count : count;
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

export const DAY_MS = 24 * 60 * 60 * 1000;
