import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { Customer, type CreateCustomerInput } from '../domain/customer';
import { CUSTOMERS } from '../customers.tokens';
import type { CustomerRepository, TestClockDirectory } from './ports/customer-repository';

@injectable()
export class CreateCustomer {
  constructor(
    @inject(CUSTOMERS.CustomerRepository) private readonly customers: CustomerRepository,
    @inject(CUSTOMERS.TestClockDirectory) private readonly testClocks: TestClockDirectory,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: CreateCustomerInput): Promise<Customer> {
    if (input.testClockId !== undefined && !(await this.testClocks.exists(scope, input.testClockId))) {
      throw new ValidationError('test_clock_not_found', `No such test clock: '${input.testClockId}'`, 'test_clock');
    }
    const customer = Customer.create(scope, input, this.clock.now());
    await this.customers.add(customer);
    return customer;
  }
}
