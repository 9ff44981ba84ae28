import { DomainError, NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';

/** How long a portal link the merchant asks for works. */
export const PORTAL_SESSION_TTL_MS = 60 * 60 * 1000;
/** How long the portal link in an email works: a customer may read it days later. */
export const EMAIL_PORTAL_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type PortalLocale = 'he' | 'en';

/** A customer's link to the customer portal: keyed by its unguessable id, good for an hour. */
export class PortalSession {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  customerId!: string;
  returnUrl!: string | null;
  locale!: PortalLocale;
  expiresAt!: Date;
  createdAt!: Date;

  static open(
    scope: Scope,
    input: { customerId: string; returnUrl: string | null; locale: PortalLocale },
    now: Date,
    ttlMs = PORTAL_SESSION_TTL_MS,
  ): PortalSession {
    const session = new PortalSession();
    session.id = newId('bps');
    session.accountId = scope.accountId;
    session.livemode = scope.livemode;
    session.customerId = input.customerId;
    session.returnUrl = input.returnUrl === null ? null : httpUrl(input.returnUrl);
    session.locale = input.locale;
    session.expiresAt = new Date(now.getTime() + ttlMs);
    session.createdAt = now;
    return session;
  }

  /** The session's scope, while it works: after its hour, 403 `portal_session_expired`. */
  scopeAt(now: Date): Scope {
    if (now >= this.expiresAt) throw new DomainError('portal_session_expired', 'This portal link has expired; ask for a new one');
    return { accountId: this.accountId, livemode: this.livemode };
  }
}

function httpUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // not a URL: refused below
  }
  throw new ValidationError('url_invalid', 'return_url must be an absolute http(s) URL', 'return_url');
}

export class PortalSessionNotFound extends NotFoundError {
  constructor(id: string) {
    super('portal session', id);
  }
}
