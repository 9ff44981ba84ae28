import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type Charge, ChargeNotFound } from '../domain/charge';
import { PAYMENTS } from '../payments.tokens';
import type { ChargeRepository } from './ports/payment-repositories';

@injectable()
export class GetCharge {
  constructor(@inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository) {}

  async execute(scope: Scope, id: string): Promise<Charge> {
    const charge = await this.charges.findById(scope, id);
    if (!charge) throw new ChargeNotFound(id);
    return charge;
  }
}
