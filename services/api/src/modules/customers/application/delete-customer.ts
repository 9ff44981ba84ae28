import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { RecordEvent } from '../../events';
import type { Customer } from '../domain/customer';
import { CustomerNotFound } from '../domain/customer-errors';
import { CUSTOMERS } from '../customers.tokens';
import type { CustomerDependents, CustomerRepository } from './ports/customer-repository';
import { toCustomerResponse } from '../published/customer';

/**
 * Deletes a customer with no open subscription (else 409 `customer_has_active_subscriptions`): its saved
 * cards are detached and it is gone from the API (404 from then on), with `customer.deleted`. Its
 * charges, refunds and tax documents stay, as the law keeps them.
 */
@injectable()
export class DeleteCustomer {
  constructor(
    @inject(CUSTOMERS.CustomerRepository) private readonly customers: CustomerRepository,
    @inject(CUSTOMERS.CustomerDependents) private readonly dependents: CustomerDependents,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  execute(scope: Scope, id: string): Promise<Customer> {
    return this.uow.join(async () => {
      const customer = await this.customers.findForUpdate(scope, id);
      if (!customer) throw new CustomerNotFound(id);
      if (await this.dependents.hasOpenSubscriptions(scope, id))
        throw new DomainError(
          'customer_has_active_subscriptions',
          `Customer '${id}' has a subscription that is not canceled: cancel it first`,
        );
      await this.dependents.detachCards(scope, id);
      customer.delete(this.clock.now());
      await this.customers.save(customer);
      await this.recordEvent.execute(scope, 'customer.deleted', toCustomerResponse(customer));
      return customer;
    });
  }
}
