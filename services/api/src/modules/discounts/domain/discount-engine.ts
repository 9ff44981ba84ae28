import type { Currency } from '../../../shared/domain/money';
import { type DiscountRule, type DiscountTarget, normalizeCode } from './discount-rule';

/** A line to price: `amount` is unit amount × quantity in agorot, negative for the merchant's own discount lines. */
export interface PricingLine extends DiscountTarget {
  amount: number;
}

export interface PricingInput {
  currency: Currency;
  lines: PricingLine[];
  /** The subscription's plan line (first period), if any. */
  plan: PricingLine | null;
  /** Candidate rules: the automatic ones and those reached by a code. */
  rules: DiscountRule[];
  appliedCodes: string[];
  now: Date;
}

export interface LinkedRule {
  rule: DiscountRule;
  /** Agorot taken off, positive. */
  amount: number;
  /** The part of `amount` taken off the plan line. */
  planAmount: number;
}

export interface Pricing {
  /** Discount taken off each line, positive, in the order of `lines`. */
  lineDiscounts: number[];
  planDiscount: number;
  linked: LinkedRule[];
  subtotal: number;
  totalDiscount: number;
  total: number;
}

/** `value × percent / 100` rounded half up, in integers (value ≥ 0). */
function percentOf(value: number, percent: number): number {
  return Math.floor((value * percent + 50) / 100);
}

/**
 * Prices a checkout. Rules that pass their gates apply in two rounds: rules targeting prices or products
 * take from the lines they target (a line with a price is linked to that price and its product; ad-hoc
 * lines match no target), then order-level rules take from every line that has something left.
 * Within a round, rules apply in the order they were created. Percentages round half up per line in
 * agorot. A rule never takes more than what it applies to, nor more than the order has left, so the
 * total never goes below zero. Only positive lines (and the plan) are discounted; negative lines stay
 * as the merchant sent them. A rule is linked, and shows in the summary, only if it takes something.
 */
export function priceCheckout(input: PricingInput): Pricing {
  const codes = new Set(input.appliedCodes.map(normalizeCode));
  const eligible = input.rules
    .filter((rule) => rule.automatic || (rule.code !== null && codes.has(normalizeCode(rule.code))))
    .filter((rule) => rule.gate(input.now) === null)
    .filter((rule) => rule.amountOff === null || rule.currency === input.currency)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  const rounds = [eligible.filter((rule) => rule.isTargeted()), eligible.filter((rule) => !rule.isTargeted())];

  const all = input.plan ? [...input.lines, input.plan] : input.lines;
  const remaining = all.map((line) => Math.max(0, line.amount));
  const negatives = all.reduce((sum, line) => sum + Math.min(0, line.amount), 0);
  const taken = all.map(() => 0);
  const orderLeft = () => Math.max(0, remaining.reduce((sum, value) => sum + value, 0) + negatives);
  const linked: LinkedRule[] = [];

  for (const round of rounds) {
    for (const rule of round) {
      const targets = all.map((_, i) => i).filter((i) => remaining[i] > 0 && (!rule.isTargeted() || rule.targets(all[i])));
      if (targets.length === 0) continue;
      const cut = new Map<number, number>();
      if (rule.percentOff !== null) {
        for (const i of targets) cut.set(i, Math.min(remaining[i], percentOf(remaining[i], rule.percentOff)));
      } else {
        let budget = rule.amountOff!;
        for (const i of targets) {
          const part = Math.min(remaining[i], budget);
          cut.set(i, part);
          budget -= part;
        }
      }
      // Never more than the order has left (negative lines count against it).
      let excess = [...cut.values()].reduce((sum, value) => sum + value, 0) - orderLeft();
      for (const i of [...targets].reverse()) {
        if (excess <= 0) break;
        const back = Math.min(excess, cut.get(i)!);
        cut.set(i, cut.get(i)! - back);
        excess -= back;
      }
      let amount = 0;
      for (const [i, value] of cut) {
        remaining[i] -= value;
        taken[i] += value;
        amount += value;
      }
      const planIndex = input.plan ? all.length - 1 : -1;
      if (amount > 0) linked.push({ rule, amount, planAmount: cut.get(planIndex) ?? 0 });
    }
  }

  const subtotal = all.reduce((sum, line) => sum + line.amount, 0);
  const totalDiscount = taken.reduce((sum, value) => sum + value, 0);
  const planDiscount = input.plan ? taken[all.length - 1] : 0;
  return {
    lineDiscounts: taken.slice(0, input.lines.length),
    planDiscount,
    linked,
    subtotal,
    totalDiscount,
    total: subtotal - totalDiscount,
  };
}
