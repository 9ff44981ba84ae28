/** Where an account's connection to the Tax Authority stands. */
export type TaxAuthorityStatus = 'pending' | 'connected' | 'expired' | 'revoked';

/** Refreshed this long before the access token's end, so no request carries a token about to die. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * An account's authorization at the Tax Authority's Israel Invoices API: the state of a connection being
 * made, then the tokens (sealed; their ends kept in the clear to know when to refresh), until the
 * authority refuses them (revoked) or the refresh token runs out (expired) and the merchant connects again.
 */
export class TaxAuthorityConnection {
  /** The account's id: one connection per account. */
  id!: string;
  status!: TaxAuthorityStatus;
  /** The OAuth `state` of a connection being made (the callback finds the account by it). */
  pendingState!: string | null;
  tokensSealed!: string | null;
  accessExpiresAt!: Date | null;
  refreshExpiresAt!: Date | null;
  connectedAt!: Date | null;
  updatedAt!: Date;

  static begin(accountId: string, state: string, now: Date): TaxAuthorityConnection {
    const connection = new TaxAuthorityConnection();
    Object.assign(connection, {
      id: accountId,
      status: 'pending',
      pendingState: state,
      tokensSealed: null,
      accessExpiresAt: null,
      refreshExpiresAt: null,
      connectedAt: null,
      updatedAt: now,
    });
    return connection;
  }

  /** Connecting again: a working connection keeps working until the new one is granted. */
  restart(state: string, now: Date): void {
    this.pendingState = state;
    if (this.status !== 'connected') this.status = 'pending';
    this.updatedAt = now;
  }

  connected(sealed: string, ends: { access: Date; refresh: Date }, now: Date): void {
    this.status = 'connected';
    this.pendingState = null;
    this.tokensSealed = sealed;
    this.accessExpiresAt = ends.access;
    this.refreshExpiresAt = ends.refresh;
    this.connectedAt = now;
    this.updatedAt = now;
  }

  refreshed(sealed: string, ends: { access: Date; refresh: Date }, now: Date): void {
    this.tokensSealed = sealed;
    this.accessExpiresAt = ends.access;
    this.refreshExpiresAt = ends.refresh;
    this.updatedAt = now;
  }

  /** The authority refused the tokens: expired when the refresh token's month is over, else revoked. */
  lost(now: Date): void {
    this.status = this.refreshExpiresAt && this.refreshExpiresAt <= now ? 'expired' : 'revoked';
    this.tokensSealed = null;
    this.accessExpiresAt = null;
    this.updatedAt = now;
  }

  needsRefresh(now: Date): boolean {
    return this.accessExpiresAt === null || this.accessExpiresAt.getTime() - REFRESH_MARGIN_MS <= now.getTime();
  }
}
