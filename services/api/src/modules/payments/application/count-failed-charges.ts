import { inject, injectable } from 'inversify';
import type { Period } from '../../../shared/domain/period';
import type { Scope } from '../../../shared/domain/scope';
import { PAYMENTS } from '../payments.tokens';
import type { ChargeRepository } from './ports/payment-repositories';

/** Payments that failed in a period: declined cards and failed renewals alike. */
@injectable()
export class CountFailedCharges {
  constructor(@inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository) {}

  execute(scope: Scope, period: Period): Promise<number> {
    return this.charges.countFailed(scope, period);
  }
}
