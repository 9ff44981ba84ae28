import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type CancellationReason, type Charge, ChargeNotFound } from '../domain/charge';
import { operationNamedBy } from '../domain/charge-operation';
import { PAYMENTS } from '../payments.tokens';
import { EndHold } from './end-hold';
import { MoneyGate } from './money/money-gate';
import type { ChargeRepository } from './ports/payment-repositories';

/** Releases a hold now; the issuing bank may take up to 10 days to free the funds. */
@injectable()
export class CancelCharge {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(EndHold) private readonly endHold: EndHold,
  ) {}

  /** `requestKey` (the request's Idempotency-Key) names the cancellation: a retry answers the one it made. */
  async execute(
    scope: Scope,
    chargeId: string,
    reason: CancellationReason = 'requested_by_customer',
    requestKey?: string,
  ): Promise<Charge> {
    // An id of another account or mode is unknown here, before any question of onboarding.
    if (!(await this.charges.findById(scope, chargeId))) throw new ChargeNotFound(chargeId);
    await this.gate.processorFor(scope);
    return this.endHold.execute(chargeId, { kind: 'cancel', reason }, operationNamedBy(scope, chargeId, requestKey, 'cancel'));
  }
}
