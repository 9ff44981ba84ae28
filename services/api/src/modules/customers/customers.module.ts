import { bindSingletons } from '../../platform/di';
import { ContainerModule } from 'inversify';
import { CustomerBalance } from './application/customer-balance';
import { DeleteCustomer } from './application/delete-customer';
import { CreateCustomer } from './application/create-customer';
import { GetCustomer } from './application/get-customer';
import { ListCustomers } from './application/list-customers';
import { ListCustomersOnClock } from './application/list-customers-on-clock';
import { UpdateCustomer } from './application/update-customer';
import { CUSTOMERS } from './customers.tokens';
import { PgCustomerRepository } from './infrastructure/postgres/customer.repository';
import { CustomerSchema } from './infrastructure/postgres/customer.schema';
import { CustomersRouter } from './interfaces/http/customers.router';

export const customersEntities = [CustomerSchema];

export const customersModule = new ContainerModule(({ bind }) => {
  bind(CUSTOMERS.CustomerRepository).to(PgCustomerRepository).inSingletonScope();
  bindSingletons(bind, [
    CustomerBalance,
    CreateCustomer,
    DeleteCustomer,
    GetCustomer,
    ListCustomers,
    ListCustomersOnClock,
    UpdateCustomer,
    CustomersRouter,
  ]);
});
