import type { Schemas } from '../../../shared/contract/contract';
import type { Customer } from '../domain/customer';

export function toCustomerResponse(customer: Customer): Schemas['Customer'] {
  return {
    id: customer.id,
    object: 'customer',
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    tax_id: customer.taxId,
    test_clock: customer.testClockId,
    metadata: customer.metadata,
    balance: customer.balance,
    livemode: customer.livemode,
    created: customer.createdAt.toISOString(),
  };
}
