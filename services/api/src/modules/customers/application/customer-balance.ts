import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { RecordEvent } from '../../events';
import type { Customer } from '../domain/customer';
import { CustomerNotFound } from '../domain/customer-errors';
import { CUSTOMERS } from '../customers.tokens';
import type { CustomerRepository } from './ports/customer-repository';
import { toCustomerResponse } from '../published/customer';

/**
 * A customer's credit balance: credit a downgrade leaves, used first by later charges. Each change is
 * made inside the caller's unit of work under the customer's row lock, with `customer.updated`.
 */
@injectable()
export class CustomerBalance {
  constructor(
    @inject(CUSTOMERS.CustomerRepository) private readonly customers: CustomerRepository,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** Which of these customers have credit. */
  withCredit(customerIds: string[]): Promise<string[]> {
    return this.customers.withCredit([...new Set(customerIds)]);
  }

  /** Adds `amount` agorot of credit. */
  async credit(scope: Scope, customerId: string, amount: number): Promise<void> {
    if (amount <= 0) return;
    await this.change(scope, customerId, (customer) => {
      customer.credit(amount);
      return amount;
    });
  }

  /** Takes up to `upTo` agorot of credit for a charge: how much was taken. */
  async take(scope: Scope, customerId: string, upTo: number): Promise<number> {
    if (upTo <= 0) return 0;
    return this.change(scope, customerId, (customer) => customer.takeCredit(upTo));
  }

  private async change(scope: Scope, customerId: string, change: (customer: Customer) => number): Promise<number> {
    if (!this.uow.active()) throw new Error("a customer's balance changes inside the unit of work of what changes it");
    const customer = await this.customers.findForUpdate(scope, customerId);
    if (!customer) throw new CustomerNotFound(customerId);
    const before = customer.balance;
    const result = change(customer);
    if (customer.balance === before) return result;
    await this.customers.save(customer);
    await this.recordEvent.execute(scope, 'customer.updated', toCustomerResponse(customer), { balance: before });
    return result;
  }
}
