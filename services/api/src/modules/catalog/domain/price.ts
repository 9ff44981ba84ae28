import { ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import { type Currency, Money, parseCurrency } from '../../../shared/domain/money';
import { type Metadata, mergeMetadata } from '../../../shared/domain/metadata';
import type { Product } from './product';

export type PriceType = 'one_time' | 'recurring';
import type { BillingInterval } from '../../../shared/domain/plan';

export type { BillingInterval };
export type TaxMode = 'inclusive';

export interface CreatePriceInput {
  unitAmount: number;
  currency: string;
  taxMode?: TaxMode;
  type: PriceType;
  recurring?: { interval: BillingInterval; trialPeriodDays?: number };
  metadata?: Metadata;
}

/** What an update may change: whether it starts anything, and metadata (merged). Amounts never change. */
export interface UpdatePriceInput {
  active?: boolean;
  metadata?: Metadata;
}

export class Price {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  productId!: string;
  unitAmount!: number;
  currency!: Currency;
  taxMode!: TaxMode;
  type!: PriceType;
  recurringInterval!: BillingInterval | null;
  trialPeriodDays!: number | null;
  /** An inactive price starts nothing new (400 `price_inactive`); what it started goes on. */
  active!: boolean;
  metadata!: Metadata;
  createdAt!: Date;

  /** A price of `product`, in its account and mode. `recurring` is required exactly for recurring prices. */
  static create(product: Product, input: CreatePriceInput, now: Date): Price {
    const currency = parseCurrency(input.currency);
    if (input.type === 'recurring' && !input.recurring) {
      throw new ValidationError(
        'parameter_missing',
        'Missing required parameter: recurring (required when type is recurring)',
        'recurring',
      );
    }
    if (input.type === 'one_time' && input.recurring) {
      throw new ValidationError('parameter_invalid', 'Invalid recurring: only recurring prices take it', 'recurring');
    }
    const price = new Price();
    price.id = newId('price');
    price.accountId = product.accountId;
    price.livemode = product.livemode;
    price.productId = product.id;
    price.unitAmount = Money.of(input.unitAmount, currency).amount;
    price.currency = currency;
    price.taxMode = input.taxMode ?? 'inclusive';
    price.type = input.type;
    price.recurringInterval = input.recurring?.interval ?? null;
    price.trialPeriodDays = input.recurring?.trialPeriodDays ?? null;
    price.active = true;
    price.metadata = mergeMetadata({}, input.metadata);
    price.createdAt = now;
    return price;
  }

  update(input: UpdatePriceInput): void {
    if (input.active !== undefined) this.active = input.active;
    this.metadata = mergeMetadata(this.metadata, input.metadata);
  }

  unitPrice(): Money {
    return Money.of(this.unitAmount, this.currency);
  }
}
