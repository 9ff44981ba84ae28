import { inject, injectable } from 'inversify';
import type { Page, PageRequest, Scope } from '../../../shared/domain/scope';
import type { PaymentMethod } from '../domain/payment-method';
import { PAYMENTS } from '../payments.tokens';
import type { PaymentMethodRepository } from './ports/payment-repositories';

/** A customer's saved cards (the ones still attached), or all of the scope's. */
@injectable()
export class ListPaymentMethods {
  constructor(@inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository) {}

  execute(scope: Scope, filter: { customer?: string }, page: PageRequest): Promise<Page<PaymentMethod>> {
    return this.methods.list(scope, filter, page);
  }
}
