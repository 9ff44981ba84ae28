import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
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
