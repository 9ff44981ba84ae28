import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type PaymentMethod, PaymentMethodNotFound } from '../domain/payment-method';
import { PAYMENTS } from '../payments.tokens';
import type { PaymentMethodRepository } from './ports/payment-repositories';

@injectable()
export class DetachPaymentMethod {
  constructor(@inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository) {}

  async execute(scope: Scope, id: string): Promise<PaymentMethod> {
    const method = await this.methods.findById(scope, id);
    if (!method) throw new PaymentMethodNotFound(id);
    method.detach();
    await this.methods.save(method);
    return method;
  }

  /** Every card of a customer being deleted, inside the deletion's unit of work: how many. */
  detachAllOf(scope: Scope, customerId: string): Promise<number> {
    return this.methods.detachAll(scope, customerId);
  }
}
