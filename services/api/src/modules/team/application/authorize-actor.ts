import { timingSafeEqual } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Actor, AuthorizeRequest } from '../../../shared/domain/actor';
import { DomainError } from '../../../shared/domain/domain-error';
import { mayCall, PEOPLE_OPERATIONS } from '../../../shared/domain/roles';
import type { Scope } from '../../../shared/domain/scope';
import { GetAccount } from '../../accounts';
import { csrfTokenOf } from '../domain/dashboard-session';

export interface Authorized<A extends Actor = Actor> extends Scope {
  scope: 'full' | 'checkout';
  actor: A;
}

/**
 * What an actor may do, operation by operation, a key as a person: its role decides (`mayCall`), and a
 * `support` role's refunds are limited by the account's `support_refund_limit`. A session's writes need
 * its CSRF token from the API's own origin, and an owner needs two-factor on for live mode. A test-mode
 * key never touches the account's people. At once when nothing needs looking up (every key's request
 * but a support key's).
 */
@injectable()
export class AuthorizeActor {
  constructor(@inject(GetAccount) private readonly accounts: GetAccount) {}

  execute<A extends Actor>(auth: Authorized<A>, request: AuthorizeRequest): Authorized<A> | Promise<Authorized<A>> {
    const { actor } = auth;
    if (actor.kind === 'session') {
      if (request.write && !(request.sameOrigin && sameToken(request.csrfToken, csrfTokenOf(request.sessionToken!))))
        throw new DomainError('csrf_token_invalid', 'This change did not come from the dashboard: reload the page and try again');
      if (auth.livemode && actor.role === 'owner' && !actor.twoFactor)
        throw new DomainError('two_factor_required', 'Turn on two-factor sign-in to work in live mode');
    } else if (!auth.livemode && PEOPLE_OPERATIONS.has(request.operationId)) {
      throw new DomainError('permission_denied', "A test-mode key does not reach the account's people: use the dashboard, or a live key");
    }
    if (!mayCall(actor.role, request.operationId, request.write))
      throw new DomainError(
        'permission_denied',
        actor.kind === 'session'
          ? `Your role (${actor.role}) does not allow this; ask an owner or admin of the account`
          : `This key acts as a ${actor.role}, which does not allow this; use a key of a role that does`,
      );
    if (actor.role !== 'support') return auth;
    return this.accounts
      .execute(auth.accountId)
      .then((account) => ({ ...auth, actor: { ...actor, refundLimit: account.supportRefundLimit } }));
  }
}

function sameToken(given: string | undefined, expected: string): boolean {
  return given !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
