import { inject, injectable } from 'inversify';
import { changedAttributes } from '../../../shared/domain/changed-attributes';
import type { Scope } from '../../../shared/domain/scope';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { RecordEvent } from '../../events';
import type { Customer, UpdateCustomerInput } from '../domain/customer';
import { CustomerNotFound } from '../domain/customer-errors';
import { CUSTOMERS } from '../customers.tokens';
import type { CustomerRepository } from './ports/customer-repository';
import { toCustomerResponse } from '../published/customer';

/** Changes a customer's details or metadata (merged), under its row lock, with `customer.updated`. */
@injectable()
export class UpdateCustomer {
  constructor(
    @inject(CUSTOMERS.CustomerRepository) private readonly customers: CustomerRepository,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  execute(scope: Scope, id: string, input: UpdateCustomerInput): Promise<Customer> {
    return this.uow.join(async () => {
      const customer = await this.customers.findForUpdate(scope, id);
      if (!customer) throw new CustomerNotFound(id);
      const before = toCustomerResponse(customer);
      customer.update(input);
      await this.customers.save(customer);
      const after = toCustomerResponse(customer);
      await this.recordEvent.execute(scope, 'customer.updated', after, changedAttributes(before, after));
      return customer;
    });
  }
}
