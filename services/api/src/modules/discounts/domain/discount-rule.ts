import { type Metadata, mergeMetadata } from '../../../shared/domain/metadata';
import { normalizeCode } from '../../../shared/domain/coupon-code';
import { NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import { type Currency, MAX_AMOUNT, parseCurrency } from '../../../shared/domain/money';
import type { Scope } from '../../../shared/domain/scope';

export type Gate = 'expired' | 'exhausted' | 'inactive';
/** Which charges of a subscription a plan discount takes from: the first, every one, or those of its first months. */
export type Duration = 'once' | 'forever' | 'repeating';

export const MAX_DURATION_MONTHS = 36;

export interface CreateDiscountInput {
  name: string;
  code?: string;
  automatic?: boolean;
  percentOff?: number;
  amountOff?: number;
  currency?: string;
  appliesTo?: { prices?: string[]; products?: string[] };
  startsAt?: Date;
  expiresAt?: Date;
  maxRedemptions?: number;
  duration?: Duration;
  /** With `repeating`: how many months of a subscription's billing it discounts. */
  durationInMonths?: number;
  metadata?: Metadata;
}

/** Something a discount can apply to: a cart line or a subscription's plan line. */
export interface DiscountTarget {
  price: string | null;
  product: string | null;
}

export { normalizeCode };

/**
 * A discount rule: a percentage or a fixed amount, reached by a code (case-insensitive; several rules
 * may share one) or applied automatically, optionally limited to prices and products.
 */
export class DiscountRule {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  name!: string;
  code!: string | null;
  automatic!: boolean;
  percentOff!: number | null;
  amountOff!: number | null;
  currency!: Currency | null;
  appliesToPrices!: string[];
  appliesToProducts!: string[];
  startsAt!: Date | null;
  expiresAt!: Date | null;
  maxRedemptions!: number | null;
  timesRedeemed!: number;
  duration!: Duration;
  durationInMonths!: number | null;
  active!: boolean;
  metadata!: Metadata;
  createdAt!: Date;

  static create(scope: Scope, input: CreateDiscountInput, now: Date): DiscountRule {
    const automatic = input.automatic ?? false;
    if (!automatic && input.code === undefined) {
      throw new ValidationError('code_or_automatic_required', 'A discount needs a code, or automatic: true', 'code');
    }
    if (automatic && input.code !== undefined) {
      throw new ValidationError('parameter_invalid', 'Invalid automatic: automatic discounts have no code', 'automatic');
    }
    if ((input.percentOff === undefined) === (input.amountOff === undefined)) {
      throw new ValidationError('discount_amount_required', 'A discount takes exactly one of percent_off and amount_off', 'percent_off');
    }
    let currency: Currency | null = null;
    if (input.amountOff !== undefined) {
      if (input.currency === undefined)
        throw new ValidationError('parameter_missing', 'Missing required parameter: currency (required with amount_off)', 'currency');
      currency = parseCurrency(input.currency);
      if (!Number.isSafeInteger(input.amountOff) || input.amountOff > MAX_AMOUNT)
        throw new RangeError('amount_off must be an integer of agorot');
    } else if (input.currency !== undefined) {
      throw new ValidationError('parameter_invalid', 'Invalid currency: only amount_off discounts take a currency', 'currency');
    }
    if (input.startsAt && input.expiresAt && input.expiresAt <= input.startsAt) {
      throw new ValidationError('parameter_invalid', 'Invalid expires_at: it must be after starts_at', 'expires_at');
    }
    const duration = input.duration ?? 'once';
    if (duration === 'repeating' && input.durationInMonths === undefined)
      throw new ValidationError(
        'parameter_missing',
        'Missing required parameter: duration_in_months (required with repeating)',
        'duration_in_months',
      );
    if (duration !== 'repeating' && input.durationInMonths !== undefined)
      throw new ValidationError(
        'parameter_invalid',
        'Invalid duration_in_months: only a repeating discount takes it',
        'duration_in_months',
      );
    const rule = new DiscountRule();
    rule.id = newId('disc');
    rule.accountId = scope.accountId;
    rule.livemode = scope.livemode;
    rule.name = input.name;
    rule.code = input.code?.trim() ?? null;
    rule.automatic = automatic;
    rule.percentOff = input.percentOff ?? null;
    rule.amountOff = input.amountOff ?? null;
    rule.currency = currency;
    rule.appliesToPrices = [...new Set(input.appliesTo?.prices ?? [])];
    rule.appliesToProducts = [...new Set(input.appliesTo?.products ?? [])];
    rule.startsAt = input.startsAt ?? null;
    rule.expiresAt = input.expiresAt ?? null;
    rule.maxRedemptions = input.maxRedemptions ?? null;
    rule.timesRedeemed = 0;
    rule.duration = duration;
    rule.durationInMonths = input.durationInMonths ?? null;
    rule.active = true;
    rule.metadata = mergeMetadata({}, input.metadata);
    rule.createdAt = now;
    return rule;
  }

  /** Why the rule cannot apply at `now`, or null when it can. */
  gate(now: Date): Gate | null {
    if (!this.active) return 'inactive';
    if (this.startsAt && this.startsAt > now) return 'inactive';
    if (this.expiresAt && this.expiresAt <= now) return 'expired';
    if (this.maxRedemptions !== null && this.timesRedeemed >= this.maxRedemptions) return 'exhausted';
    return null;
  }

  isTargeted(): boolean {
    return this.appliesToPrices.length > 0 || this.appliesToProducts.length > 0;
  }

  /** A line linked to a price is linked to that price's product too; ad-hoc lines match no target. */
  targets(line: DiscountTarget): boolean {
    return (
      (line.price !== null && this.appliesToPrices.includes(line.price)) ||
      (line.product !== null && this.appliesToProducts.includes(line.product))
    );
  }

  hasCode(code: string): boolean {
    return this.code !== null && normalizeCode(this.code) === normalizeCode(code);
  }

  deactivate(): void {
    this.active = false;
  }

  /** Turned off or on again (its redemptions so far stand), and metadata merged. */
  update(input: { active?: boolean; metadata?: Metadata }): void {
    if (input.active !== undefined) this.active = input.active;
    this.metadata = mergeMetadata(this.metadata, input.metadata);
  }
}

export class DiscountNotFound extends NotFoundError {
  constructor(id: string) {
    super('discount', id);
  }
}
