import { ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import { businessNumberValid } from '../../../shared/domain/israeli-id';
import { type Metadata, mergeMetadata } from '../../../shared/domain/metadata';
import type { Scope } from '../../../shared/domain/scope';
import { normalizePhone } from './phone-number';

export interface CreateCustomerInput {
  name: string;
  email?: string;
  phone?: string;
  /** A business customer's number, printed on its documents. */
  taxId?: string;
  testClockId?: string;
  metadata?: Metadata;
}

/** What an update may change; `null` clears a field, a field left out stays; metadata merges. */
export interface UpdateCustomerInput {
  name?: string;
  email?: string | null;
  phone?: string | null;
  taxId?: string | null;
  metadata?: Metadata;
}

export class Customer {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  name!: string;
  email!: string | null;
  /** E.164. */
  phone!: string | null;
  taxId!: string | null;
  testClockId!: string | null;
  metadata!: Metadata;
  /** Agorot the customer owes (positive) or is owed (negative: credit later charges use first). */
  balance!: number;
  createdAt!: Date;
  /** Set when the merchant deleted the customer: it is gone from the API, its charges and documents stay. */
  deletedAt!: Date | null;

  static create(scope: Scope, input: CreateCustomerInput, now: Date): Customer {
    const customer = new Customer();
    customer.id = newId('cus');
    customer.accountId = scope.accountId;
    customer.livemode = scope.livemode;
    customer.email = null;
    customer.phone = null;
    customer.taxId = null;
    customer.metadata = {};
    customer.balance = 0;
    customer.update(input);
    customer.testClockId = input.testClockId ?? null;
    customer.createdAt = now;
    customer.deletedAt = null;
    return customer;
  }

  update(input: UpdateCustomerInput): void {
    if (input.name !== undefined) this.name = input.name;
    if (input.email !== undefined) this.email = input.email?.trim() ?? null;
    if (input.phone !== undefined) this.phone = input.phone === null ? null : normalizePhone(input.phone);
    if (input.taxId !== undefined) {
      if (input.taxId !== null && !businessNumberValid(input.taxId)) {
        throw new ValidationError(
          'tax_id_invalid',
          `'${input.taxId}' is not a valid business number: nine digits with a check digit`,
          'tax_id',
        );
      }
      this.taxId = input.taxId;
    }
    this.metadata = mergeMetadata(this.metadata, input.metadata);
  }

  delete(now: Date): void {
    this.deletedAt = now;
  }

  /** Credit of `amount` agorot, for later charges. */
  credit(amount: number): void {
    this.balance -= amount;
  }

  /** Up to `upTo` agorot of the customer's credit, taken for a charge: how much was taken. */
  takeCredit(upTo: number): number {
    const taken = Math.max(0, Math.min(upTo, -this.balance));
    this.balance += taken;
    return taken;
  }
}
