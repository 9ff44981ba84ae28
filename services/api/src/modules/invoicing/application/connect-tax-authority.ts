import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError, ValidationError } from '../../../shared/domain/domain-error';
import { randomBase62 } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { TaxAuthorityConnection } from '../domain/tax-authority-connection';
import { INVOICING } from '../invoicing.tokens';
import type { TaxAuthorityApi, TaxAuthorityConnectionRepository } from './ports/tax-authority';

/**
 * The merchant connects their business to the Tax Authority once, with a live key: the answer is the
 * authority's authorization page, where an authorized person of the business logs in and consents; the
 * authority then sends them back to Kupa's callback with a code.
 */
@injectable()
export class ConnectTaxAuthority {
  constructor(
    @inject(INVOICING.TaxAuthorityConnectionRepository) private readonly connections: TaxAuthorityConnectionRepository,
    @inject(INVOICING.TaxAuthorityApi) private readonly api: TaxAuthorityApi,
    @inject(SHARED.Clock) private readonly clock: Clock,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(scope: Scope): Promise<{ authorizationUrl: string }> {
    if (!scope.livemode)
      throw new ValidationError(
        'livemode_required',
        'Connect the Tax Authority with a live secret key: test documents use the simulated authority',
      );
    if (!this.api.configured())
      throw new DomainError(
        'tax_authority_not_configured',
        'This Kupa is not registered with the Tax Authority yet: its operator sets TAX_AUTHORITY_CLIENT_ID, ' +
          'TAX_AUTHORITY_CLIENT_SECRET and SOFTWARE_REGISTRATION_NUMBER',
      );
    const state = randomBase62(32);
    await this.uow.join(async () => {
      const connection = await this.connections.findForUpdate(scope.accountId);
      if (connection) {
        connection.restart(state, this.clock.now());
        await this.connections.save(connection);
      } else {
        await this.connections.add(TaxAuthorityConnection.begin(scope.accountId, state, this.clock.now()));
      }
    });
    return { authorizationUrl: this.api.authorizationUrl(state) };
  }
}
