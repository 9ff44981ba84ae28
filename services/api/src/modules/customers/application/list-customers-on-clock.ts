import { inject, injectable } from 'inversify';
import { CUSTOMERS } from '../customers.tokens';
import type { CustomerRepository } from './ports/customer-repository';

/** The customers living on a test clock's time. */
@injectable()
export class ListCustomersOnClock {
  constructor(@inject(CUSTOMERS.CustomerRepository) private readonly customers: CustomerRepository) {}

  execute(clockId: string): Promise<string[]> {
    return this.customers.idsOnClock(clockId);
  }
}
