import { newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import { normalizePhone } from './phone-number';

export interface CreateCustomerInput {
  name: string;
  email?: string;
  phone?: string;
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
    customer.testClockId = input.testClockId ?? null;
    customer.createdAt = now;
    return customer;
  }
}
