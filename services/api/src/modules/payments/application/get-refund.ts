import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type Refund, RefundNotFound } from '../domain/refund';
import { PAYMENTS } from '../payments.tokens';
import type { RefundRepository } from './ports/payment-repositories';

@injectable()
export class GetRefund {
  constructor(@inject(PAYMENTS.RefundRepository) private readonly refunds: RefundRepository) {}

  async execute(scope: Scope, id: string): Promise<Refund> {
    const refund = await this.refunds.findById(scope, id);
    if (!refund) throw new RefundNotFound(id);
    return refund;
  }
}
