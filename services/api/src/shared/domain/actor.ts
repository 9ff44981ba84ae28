import type { KeyRole, Role } from './roles';

/** A dashboard user, in a session (the `kupa_session` cookie). */
export interface SessionActor {
  kind: 'session';
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
  twoFactor: boolean;
  /** The largest refund, in agorot, this user may make; null when their role sets no limit. */
  refundLimit: number | null;
}

/** An API key: one a user made (who it names), or the account's own, made by the operator (no user). */
export interface KeyActor {
  kind: 'key';
  keyId: string;
  /** The role it acts with: its own, or an admin's for an account key. */
  role: KeyRole;
  /** The user who made it, as they were then; null for an account key. */
  madeBy: { userId: string; email: string } | null;
  refundLimit: number | null;
}

/** Who made a request: whose role rules what it may do, and whom the audit log names. */
export type Actor = SessionActor | KeyActor;

/**
 * Work done by the operator (the CLI, the dev merchant at start-up), not through the API: no role
 * limits it. Never a request's.
 */
export const OPERATOR = 'operator';
export type Operator = typeof OPERATOR;

/** What is asked of an actor's rights for one operation: the role table, a session's CSRF token. */
export interface AuthorizeRequest {
  operationId: string;
  /** Anything but a GET. */
  write: boolean;
  /** A session's: the cookie and its `X-CSRF-Token`. */
  sessionToken?: string;
  csrfToken?: string;
  /** Sent without `Origin`, or from the API's own origin. */
  sameOrigin: boolean;
}

/** What a write did, or why it was refused, once its answer is sent: a line of the audit log. */
export interface WriteDone {
  action: string;
  target: string | null;
  status: number;
  /** The code of an answer that refused or failed the write. */
  errorCode: string | null;
  address: string | null;
  requestId: string | null;
}
