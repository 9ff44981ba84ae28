// The customers module's public face: what other modules may use.
export { CustomerBalance } from './application/customer-balance';
export { GetCustomer } from './application/get-customer';
export { ListCustomersOnClock } from './application/list-customers-on-clock';
export { CUSTOMERS } from './customers.tokens';
export type { CustomerDependents, TestClockDirectory } from './application/ports/customer-repository';
export type { Customer } from './application/get-customer';
export { UpdateCustomer } from './application/update-customer';
