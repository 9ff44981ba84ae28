import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { type Charge, ChargeExpired, ChargeNotFound } from '../domain/charge';
import { operationNamedBy } from '../domain/charge-operation';
import { PAYMENTS } from '../payments.tokens';
import { EndHold } from './end-hold';
import { MoneyGate } from './money/money-gate';
import type { ChargeRepository } from './ports/payment-repositories';

/** Captures a hold, in full or in part (the rest is released), within its window; a late capture cancels it as expired. */
@injectable()
export class CaptureCharge {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(EndHold) private readonly endHold: EndHold,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** `requestKey` (the request's Idempotency-Key) names the capture: a retry answers the capture it made. */
  async execute(scope: Scope, chargeId: string, amount?: number, requestKey?: string): Promise<Charge> {
    // An id of another account or mode is unknown here, before any question of onboarding.
    const charge = await this.charges.findById(scope, chargeId);
    if (!charge) throw new ChargeNotFound(chargeId);
    await this.gate.processorFor(scope);
    if (charge.holdExpired(this.clock.now())) {
      await this.releaseExpired(chargeId);
      throw new ChargeExpired(chargeId, charge.capturableUntil!);
    }
    return this.endHold.execute(chargeId, { kind: 'capture', amount }, operationNamedBy(scope, chargeId, requestKey, 'capture'));
  }

  /**
   * A late capture releases the hold at once, and is answered `charge_expired` whatever the release's
   * own answer: a hold another request or the sweep ended meanwhile needs nothing more, and a release the
   * processor did not answer is pending, finished by the reconciler. Any other failure is not an answer.
   */
  private async releaseExpired(chargeId: string): Promise<void> {
    try {
      await this.endHold.execute(chargeId, { kind: 'cancel', reason: 'expired' });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
}
