import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { TaxAuthorityAccess } from '../application/tax-authority-access';
import { type TaxAuthorityApi, TokensRefused } from '../application/ports/tax-authority';
import { INVOICING } from '../invoicing.tokens';
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

/**
 * Live mode: the Tax Authority itself, with the account's own connection. A document of an account not
 * connected (or whose connection was lost) waits `pending` and is asked again until the merchant connects.
 */
export class IsraelInvoicesAuthority implements AllocationAuthority {
  constructor(
    private readonly access: TaxAuthorityAccess,
    private readonly api: TaxAuthorityApi,
  ) {}

  async request(request: AllocationRequest): Promise<AllocationAnswer> {
    if (!this.api.configured()) throw new AllocationUnavailable('Kupa is not registered with the Tax Authority (TAX_AUTHORITY_CLIENT_ID)');
    if (!request.businessNumber) throw new AllocationUnavailable('the account has no business profile');
    const token = await this.access.accessToken(request.accountId);
    if (!token) throw new AllocationUnavailable('the account is not connected to the Tax Authority');
    try {
      return await this.api.approve(token, { ...request, businessNumber: request.businessNumber });
    } catch (error) {
      if (!(error instanceof TokensRefused)) throw error;
      await this.access.refused(request.accountId);
      throw new AllocationUnavailable('the Tax Authority refused the connection: the merchant connects again');
    }
  }
}

@injectable()
export class ModeAllocationAuthorities implements AllocationAuthorities {
  private readonly simulated = new SimulatedAllocationAuthority();
  private readonly live: IsraelInvoicesAuthority;

  constructor(@inject(TaxAuthorityAccess) access: TaxAuthorityAccess, @inject(INVOICING.TaxAuthorityApi) api: TaxAuthorityApi) {
    this.live = new IsraelInvoicesAuthority(access, api);
  }

  forMode(livemode: boolean): AllocationAuthority {
    return livemode ? this.live : this.simulated;
  }
}
