import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { INVOICING } from '../invoicing.tokens';
import { RecordEvent } from '../../events';
import type { TaxAuthorityConnection } from '../domain/tax-authority-connection';
import { toConnectionResponse } from '../published/tax-authority-connection';
import { type TaxAuthorityApi, type TaxAuthorityConnectionRepository, type TaxAuthorityTokens, TokensRefused } from './ports/tax-authority';

/** What the tokens are sealed for: they open for this use only. */
export const TAX_AUTHORITY_TOKENS = 'tax_authority_tokens';

/**
 * An account's access token at the Tax Authority, refreshed before it ends (one refresh at a time, under
 * the connection's row lock); null while the account is not connected. Tokens the authority refuses mark
 * the connection expired or revoked, for the merchant to connect again.
 */
@injectable()
export class TaxAuthorityAccess {
  constructor(
    @inject(INVOICING.TaxAuthorityConnectionRepository) private readonly connections: TaxAuthorityConnectionRepository,
    @inject(INVOICING.TaxAuthorityApi) private readonly api: TaxAuthorityApi,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
    @inject(SHARED.Clock) private readonly clock: Clock,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
  ) {}

  async accessToken(accountId: string): Promise<string | null> {
    const connection = await this.connections.find(accountId);
    if (connection?.status !== 'connected' || !connection.tokensSealed) return null;
    if (!connection.needsRefresh(this.clock.now())) return (await this.open(accountId, connection.tokensSealed)).accessToken;
    await this.secrets.prepare(accountId);
    return this.uow.run(async () => {
      const locked = (await this.connections.findForUpdate(accountId))!;
      if (locked.status !== 'connected' || !locked.tokensSealed) return null;
      const held = await this.open(accountId, locked.tokensSealed);
      if (!locked.needsRefresh(this.clock.now())) return held.accessToken;
      try {
        const tokens = await this.api.refresh(held.refreshToken);
        locked.refreshed(await this.seal(accountId, tokens), ends(tokens), this.clock.now());
        await this.connections.save(locked);
        return tokens.accessToken;
      } catch (error) {
        if (!(error instanceof TokensRefused)) throw error;
        await this.lose(locked);
        return null;
      }
    });
  }

  /** The authority refused a token it had issued: the connection is lost until the merchant connects again. */
  async refused(accountId: string): Promise<void> {
    await this.uow.run(async () => {
      const locked = await this.connections.findForUpdate(accountId);
      if (locked?.status !== 'connected') return;
      await this.lose(locked);
    });
  }

  /** Under the row lock: the merchant learns of it from the account and from `tax_authority_connection.updated`. */
  private async lose(connection: TaxAuthorityConnection): Promise<void> {
    connection.lost(this.clock.now());
    await this.connections.save(connection);
    await this.recordEvent.execute(
      { accountId: connection.id, livemode: true },
      'tax_authority_connection.updated',
      toConnectionResponse(connection),
    );
  }

  seal(accountId: string, tokens: TaxAuthorityTokens): Promise<string> {
    return this.secrets.seal(accountId, TAX_AUTHORITY_TOKENS, JSON.stringify({ access: tokens.accessToken, refresh: tokens.refreshToken }));
  }

  private async open(accountId: string, sealed: string): Promise<{ accessToken: string; refreshToken: string }> {
    const { access, refresh } = JSON.parse(await this.secrets.open(accountId, TAX_AUTHORITY_TOKENS, sealed)) as {
      access: string;
      refresh: string;
    };
    return { accessToken: access, refreshToken: refresh };
  }
}

export function ends(tokens: TaxAuthorityTokens): { access: Date; refresh: Date } {
  return { access: tokens.accessExpiresAt, refresh: tokens.refreshExpiresAt };
}
