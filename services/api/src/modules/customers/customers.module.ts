import { bindSingletons } from '../../platform/di';
import { ContainerModule } from 'inversify';
import { CreateCustomer } from './application/create-customer';
import { GetCustomer } from './application/get-customer';
import { ListCustomers } from './application/list-customers';
import { ListCustomersOnClock } from './application/list-customers-on-clock';
import { CUSTOMERS } from './customers.tokens';
import { MikroOrmCustomerRepository } from './infrastructure/mikro-orm/customer.repository';
import { CustomerSchema } from './infrastructure/mikro-orm/customer.schema';
import { CustomersRouter } from './interfaces/http/customers.router';

export const customersEntities = [CustomerSchema];

export const customersModule = new ContainerModule(({ bind }) => {
  bind(CUSTOMERS.CustomerRepository).to(MikroOrmCustomerRepository).inSingletonScope();
  bindSingletons(bind, [CreateCustomer, GetCustomer, ListCustomers, ListCustomersOnClock, CustomersRouter]);
});
