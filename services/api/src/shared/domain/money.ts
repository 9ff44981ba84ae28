import { ValidationError } from './domain-error';

export type Currency = 'ils';
export const SUPPORTED_CURRENCIES: readonly Currency[] = ['ils'];

/** The largest amount the service accepts anywhere: one billion shekels, in agorot. */
export const MAX_AMOUNT = 100_000_000_000;

/** An integer number of agorot in a currency. Never a float. */
export class Money {
  private constructor(
    readonly amount: number,
    readonly currency: Currency,
  ) {}

  static of(amount: number, currency: Currency): Money {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`Money needs an integer amount, got ${amount}`);
    return new Money(amount, currency);
  }

  add(other: Money): Money {
    this.assertSameCurrency(other);
    return Money.of(this.amount + other.amount, this.currency);
  }

  subtract(other: Money): Money {
    this.assertSameCurrency(other);
    return Money.of(this.amount - other.amount, this.currency);
  }

  multiply(quantity: number): Money {
    if (!Number.isSafeInteger(quantity)) throw new RangeError(`quantity must be an integer, got ${quantity}`);
    return Money.of(this.amount * quantity, this.currency);
  }

  /** `percent` % of this amount, rounded half up to the agora, in integer arithmetic. */
  percent(percent: number): Money {
    if (!Number.isInteger(percent)) throw new RangeError(`percent must be an integer, got ${percent}`);
    const scaled = this.amount * percent;
    const sign = scaled < 0 ? -1 : 1;
    return Money.of(sign * Math.floor((Math.abs(scaled) + 50) / 100), this.currency);
  }

  isNegative(): boolean {
    return this.amount < 0;
  }

  private assertSameCurrency(other: Money): void {
    if (other.currency !== this.currency) throw new RangeError(`currency mismatch: ${this.currency} and ${other.currency}`);
  }
}

export function parseCurrency(value: string, param = 'currency'): Currency {
  const lower = value.toLowerCase();
  if ((SUPPORTED_CURRENCIES as readonly string[]).includes(lower)) return lower as Currency;
  throw new ValidationError(
    'currency_not_supported',
    `Currency '${value}' is not supported; use one of: ${SUPPORTED_CURRENCIES.join(', ')}`,
    param,
  );
}

/** Agorot as sign, whole shekels and two-digit agorot, as text so no float is involved. */
function parts(agorot: number): { sign: string; whole: string; agorot: string } {
  const abs = Math.abs(agorot);
  return { sign: agorot < 0 ? '-' : '', whole: String(Math.floor(abs / 100)), agorot: String(abs % 100).padStart(2, '0') };
}

/** Agorot as shekels (`₪1,234.50`). */
export function formatShekels(agorot: number): string {
  const { sign, whole, agorot: rest } = parts(agorot);
  return `${sign}₪${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${rest}`;
}

/** Agorot as a plain decimal of shekels (`-1234.50`), as spreadsheets read numbers. */
export function formatDecimal(agorot: number): string {
  const { sign, whole, agorot: rest } = parts(agorot);
  return `${sign}${whole}.${rest}`;
}
