import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Customer } from '../domain/customer';
import { CUSTOMERS } from '../customers.tokens';
import type { CustomerRepository } from './ports/customer-repository';

@injectable()
export class ListCustomers {
  constructor(@inject(CUSTOMERS.CustomerRepository) private readonly customers: CustomerRepository) {}

  execute(scope: Scope, filter: { email?: string }, page: PageRequest): Promise<Page<Customer>> {
    return this.customers.list(scope, { email: filter.email?.trim() }, page);
  }
}
