import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type PaymentMethod, PaymentMethodNotFound } from '../domain/payment-method';
import { PAYMENTS } from '../payments.tokens';
import type { PaymentMethodRepository } from './ports/payment-repositories';

@injectable()
export class GetPaymentMethod {
  constructor(@inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository) {}

  /** `customerId`: only that customer's; another's answers the very 404 an unknown id does. */
  async execute(scope: Scope, id: string, customerId?: string): Promise<PaymentMethod> {
    const method = await this.methods.findById(scope, id);
    if (!method || (customerId !== undefined && method.customerId !== customerId)) throw new PaymentMethodNotFound(id);
    return method;
  }
}
