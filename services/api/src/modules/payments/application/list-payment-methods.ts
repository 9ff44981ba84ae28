import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { PaymentMethod } from '../domain/payment-method';
import { GetCustomer } from '../../customers';
import { PAYMENTS } from '../payments.tokens';
import type { PaymentMethodRepository } from './ports/payment-repositories';

/** A customer's saved cards (the ones still attached), or all of the scope's. */
@injectable()
export class ListPaymentMethods {
  constructor(
    @inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
  ) {}

  execute(scope: Scope, filter: { customer?: string }, page: PageRequest): Promise<Page<PaymentMethod>> {
    return this.methods.list(scope, filter, page);
  }

  /** The saved cards of one customer, who must exist in the scope (else 404, as for any unknown id). */
  async ofCustomer(scope: Scope, customerId: string, page: PageRequest): Promise<Page<PaymentMethod>> {
    await this.getCustomer.execute(scope, customerId);
    return this.methods.list(scope, { customer: customerId }, page);
  }
}
