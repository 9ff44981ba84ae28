// Money and dates are formatted as every page of Kupa formats them.
export { formatAgorot, formatDate } from '@kupa/web-kit/format';

/** Splits a total into `count` payments in whole agorot: the first carries the remainder. */
export function splitInstallments(total: number, count: number): { first: number; rest: number } {
  const rest = Math.floor(total / count);
  return { first: total - rest * (count - 1), rest };
}
