import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Customer } from '../domain/customer';
import { CustomerNotFound } from '../domain/customer-errors';
import { CUSTOMERS } from '../customers.tokens';
import type { CustomerRepository } from './ports/customer-repository';

@injectable()
export class GetCustomer {
  constructor(@inject(CUSTOMERS.CustomerRepository) private readonly customers: CustomerRepository) {}

  async execute(scope: Scope, id: string): Promise<Customer> {
    const customer = await this.customers.findById(scope, id);
    if (!customer) throw new CustomerNotFound(id);
    return customer;
  }
}

export type { Customer };
