import { createHash } from 'node:crypto';
import { injectable } from 'inversify';
import {
  type AllocationAnswer,
  type AllocationAuthorities,
  type AllocationAuthority,
  type AllocationRequest,
  AllocationUnavailable,
} from '../application/ports/allocation-authority';

/** A business number the simulated Tax Authority refuses, to test that path (its check digit is valid). */
export const REFUSED_TAX_ID = '999999998';

/**
 * The test-mode Tax Authority: approves every request with a nine-digit number derived from the
 * document (asked again, it answers the same), and refuses the customer `REFUSED_TAX_ID`.
 */
export class SimulatedAllocationAuthority implements AllocationAuthority {
  async request(request: AllocationRequest): Promise<AllocationAnswer> {
    if (request.customerTaxId === REFUSED_TAX_ID)
      return { approved: false, reason: `The customer's business number ${REFUSED_TAX_ID} is not registered for VAT` };
    const digest = createHash('sha256').update(request.documentId).digest();
    return { approved: true, number: String((digest.readUInt32BE(0) % 900_000_000) + 100_000_000) };
  }
}

/** No live adapter is configured in this build: live documents stay pending and are asked again. */
const unconfigured: AllocationAuthority = {
  async request() {
    throw new AllocationUnavailable('no live adapter is configured');
  },
};

@injectable()
export class ModeAllocationAuthorities implements AllocationAuthorities {
  private readonly simulated = new SimulatedAllocationAuthority();

  forMode(livemode: boolean): AllocationAuthority {
    return livemode ? unconfigured : this.simulated;
  }
}
