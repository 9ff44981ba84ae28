import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { toCustomerResponse } from '../../published/customer';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { CreateCustomer } from '../../application/create-customer';
import { DeleteCustomer } from '../../application/delete-customer';
import { GetCustomer } from '../../application/get-customer';
import { ListCustomers } from '../../application/list-customers';
import { UpdateCustomer } from '../../application/update-customer';

@injectable()
export class CustomersRouter {
  constructor(
    @inject(CreateCustomer) private readonly createCustomer: CreateCustomer,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(ListCustomers) private readonly listCustomers: ListCustomers,
    @inject(UpdateCustomer) private readonly updateCustomer: UpdateCustomer,
    @inject(DeleteCustomer) private readonly deleteCustomer: DeleteCustomer,
  ) {}

  handlers(): OperationHandlers {
    return {
      createCustomer: async ({ auth, body }) => {
        const customer = await this.createCustomer.execute(auth, {
          name: body.name,
          email: body.email,
          phone: body.phone,
          taxId: body.tax_id,
          testClockId: body.test_clock,
          metadata: body.metadata,
        });
        return { success: true, data: toCustomerResponse(customer) };
      },
      updateCustomer: async ({ auth, params, body }) => {
        const customer = await this.updateCustomer.execute(auth, params.id, {
          name: body.name,
          email: body.email,
          phone: body.phone,
          taxId: body.tax_id,
          metadata: body.metadata,
        });
        return { success: true, data: toCustomerResponse(customer) };
      },
      deleteCustomer: async ({ auth, params }) => {
        await this.deleteCustomer.execute(auth, params.id);
        return { success: true };
      },
      getCustomer: async ({ auth, params }) => ({
        success: true,
        data: toCustomerResponse(await this.getCustomer.execute(auth, params.id)),
      }),
      listCustomers: async ({ auth, query }) =>
        listReply(await this.listCustomers.execute(auth, { email: query.email }, pageOf(query)), toCustomerResponse),
    };
  }
}
