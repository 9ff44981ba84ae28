import { ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import { businessNumberValid } from '../../../shared/domain/israeli-id';
import type { Scope } from '../../../shared/domain/scope';
import { normalizePhone } from './phone-number';

export interface CreateCustomerInput {
  name: string;
  email?: string;
  phone?: string;
  /** A business customer's number, printed on its documents. */
  taxId?: string;
  testClockId?: string;
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
  createdAt!: Date;

  static create(scope: Scope, input: CreateCustomerInput, now: Date): Customer {
    const customer = new Customer();
    customer.id = newId('cus');
    customer.accountId = scope.accountId;
    customer.livemode = scope.livemode;
    customer.name = input.name;
    customer.email = input.email?.trim() ?? null;
    customer.phone = input.phone === undefined ? null : normalizePhone(input.phone);
    if (input.taxId !== undefined && !businessNumberValid(input.taxId)) {
      throw new ValidationError(
        'tax_id_invalid',
        `'${input.taxId}' is not a valid business number: nine digits with a check digit`,
        'tax_id',
      );
    }
    customer.taxId = input.taxId ?? null;
    customer.testClockId = input.testClockId ?? null;
    customer.createdAt = now;
    return customer;
  }
}
