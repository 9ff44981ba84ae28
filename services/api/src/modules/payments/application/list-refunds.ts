import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Refund } from '../domain/refund';
import { PAYMENTS } from '../payments.tokens';
import type { RefundRepository } from './ports/payment-repositories';

@injectable()
export class ListRefunds {
  constructor(@inject(PAYMENTS.RefundRepository) private readonly refunds: RefundRepository) {}

  execute(scope: Scope, filter: { charge?: string }, page: PageRequest): Promise<Page<Refund>> {
    return this.refunds.list(scope, filter, page);
  }
}
