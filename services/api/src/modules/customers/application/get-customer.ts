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

  /**
   * The customer a past charge was made to, even if it has since been deleted: its documents and
   * receipts (a refund's, a capture's) still name it.
   */
  async ofRecord(scope: Scope, id: string): Promise<Customer> {
    const customer = await this.customers.findById(scope, id, { deleted: true });
    if (!customer) throw new CustomerNotFound(id);
    return customer;
  }
}

export type { Customer };
