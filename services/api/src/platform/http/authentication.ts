import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Actor, AuthorizeRequest, WriteDone } from '../../shared/domain/actor';
import { DomainError } from '../../shared/domain/domain-error';
import { sendError } from './error-mapper';

// Who asks, and whether they may: a key or the dashboard's session cookie on an authenticated
// operation; the page a public write came from.

export interface AuthContext {
  accountId: string;
  livemode: boolean;
  /** `full` for `sk_` keys; `checkout` for the checkout-scoped `ck_` keys. */
  scope: 'full' | 'checkout';
  /** Who asks: the key, or the dashboard user when the request came with a session cookie instead of a key. */
  actor: Actor;
}

/** The dashboard's session cookie. */
export const SESSION_COOKIE = 'kupa_session';

/** A key's account, mode and scope: at once when the key is known here, else once it is looked up. */
export type Authenticate = (apiKey: string) => AuthContext | undefined | Promise<AuthContext | undefined>;

/** A dashboard session's account, mode and user (the `Kupa-Mode` header says the mode); throws a DomainError to refuse it. */
export type AuthenticateSession = (request: { token: string; mode: string | undefined }) => Promise<AuthContext>;

/**
 * Whether the actor may make the operation (its role, a session's CSRF token and two-factor, a key's
 * mode): the context it runs with, or a DomainError thrown to refuse it. At once when nothing is looked up.
 */
export type Authorize = (auth: AuthContext, request: AuthorizeRequest) => AuthContext | Promise<AuthContext>;

/** What a write did, or was refused, for the audit log: called once its answer is sent. */
export type AuditWrite = (auth: AuthContext, done: WriteDone) => void;

/** How the router learns who asks and whether they may, and where it tells the audit log. */
export interface AuthenticationOptions {
  authenticate: Authenticate;
  /** Dashboard sessions (the `kupa_session` cookie), where no key is sent. */
  authenticateSession?: AuthenticateSession;
  /** Whether a key or a session may make the operation; every actor may make every one without it. */
  authorize?: Authorize;
  audit?: AuditWrite;
}

/**
 * The guard of an authenticated operation: the key, or without one the session cookie; every write of
 * a known actor is audited, the refused ones too; a checkout-scoped key only where `allowCheckoutKey`;
 * then the actor's role decides (`authorize`).
 */
export function authenticate(
  options: AuthenticationOptions,
  operationId: string,
  method: string,
  allowCheckoutKey: boolean,
): RequestHandler {
  const lookup = options.authenticate;
  const write = method !== 'get';
  const admit = (auth: AuthContext, res: Response, next: NextFunction) => {
    res.locals.auth = auth;
    res.locals.accountId = auth.accountId;
    next();
  };
  /** Every write of a known actor is audited, the refused ones too; then the actor's role decides. */
  const authorize = (auth: AuthContext, req: Request, res: Response, next: NextFunction, session?: string) => {
    if (write && options.audit) auditWhenSent(options.audit, auth, operationId, req, res);
    if (auth.scope === 'checkout' && !allowCheckoutKey) {
      sendError(res, new DomainError('permission_denied', 'This checkout-scoped key cannot call this operation; use a secret key.'));
      return;
    }
    if (!options.authorize) return admit(auth, res, next);
    const refuse = (error: unknown) => (error instanceof DomainError ? sendError(res, error) : next(error));
    const request: AuthorizeRequest = {
      operationId,
      write,
      sessionToken: session,
      csrfToken: session === undefined ? undefined : (req.headers['x-csrf-token'] as string | undefined),
      sameOrigin: req.headers.origin === undefined || isOwnOrigin(req.headers.origin, req.headers.host),
    };
    let decided: AuthContext | Promise<AuthContext>;
    try {
      decided = options.authorize(auth, request);
    } catch (error) {
      return refuse(error);
    }
    if (decided instanceof Promise) decided.then((allowed) => admit(allowed, res, next), refuse);
    else admit(decided, res, next);
  };
  const byKey = (auth: AuthContext | undefined, req: Request, res: Response, next: NextFunction) => {
    if (!auth) {
      sendError(res, new DomainError('api_key_invalid', 'Invalid API key provided.'));
      return;
    }
    authorize(auth, req, res, next);
  };
  const bySession = (req: Request, res: Response, next: NextFunction, token: string) => {
    options.authenticateSession!({ token, mode: req.headers['kupa-mode'] as string | undefined }).then(
      (auth) => authorize(auth, req, res, next, token),
      (error: unknown) => (error instanceof DomainError ? sendError(res, error) : next(error)),
    );
  };
  return (req, res, next) => {
    const header = req.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
    if (!match) {
      const token = header === undefined && options.authenticateSession ? cookieOf(req, SESSION_COOKIE) : undefined;
      if (token) return bySession(req, res, next, token);
      sendError(res, new DomainError('api_key_missing', 'No API key provided. Send it as `Authorization: Bearer <key>`.'));
      return;
    }
    const auth = lookup(match[1]);
    if (auth instanceof Promise) return auth.then((found) => byKey(found, req, res, next), next);
    byKey(auth, req, res, next);
  };
}

function auditWhenSent(audit: AuditWrite, auth: AuthContext, action: string, req: Request, res: Response): void {
  res.on('finish', () => {
    const id = req.params?.id;
    audit(auth, {
      action,
      target: (res.locals.target as string | undefined) ?? (typeof id === 'string' ? id : null),
      status: res.statusCode,
      errorCode: (res.locals.errorCode as string | undefined) ?? null,
      address: req.ip ?? null,
      requestId: (res.getHeader('Request-Id') as string | undefined) ?? null,
    });
  });
}

export function cookieOf(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * A public write (the checkout page's, the portal's, the dashboard's sign-in) runs only when a browser
 * sent it from the checkout host or from the API's own origin: a page of another site could otherwise
 * post a body-less form (no preflight) to a portal link it learned. Without `Origin` it is not a
 * browser's cross-site request.
 */
export function fromOwnPages(checkoutOrigin: string): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined || origin === checkoutOrigin || isOwnOrigin(origin, req.headers.host)) return next();
    sendError(
      res,
      new DomainError('origin_not_allowed', 'This request came from a page of another site: it is taken only from the payment pages'),
    );
  };
}

function isOwnOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
