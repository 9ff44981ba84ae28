import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Charge, ChargeStatus } from '../domain/charge';
import { PAYMENTS } from '../payments.tokens';
import type { ChargeRepository } from './ports/payment-repositories';

@injectable()
export class ListCharges {
  constructor(@inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository) {}

  execute(scope: Scope, filter: { customer?: string; status?: ChargeStatus }, page: PageRequest): Promise<Page<Charge>> {
    return this.charges.list(scope, filter, page);
  }
}
