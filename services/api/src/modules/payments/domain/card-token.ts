import { DomainError, ValidationError } from '../../../shared/domain/domain-error';

/** Where a token may be used: the session it was minted on, or that session's customer (to save the card). */
export type TokenUse = { sessionId: string } | { customerId: string };

/** Why a token was not taken. */
export type TokenRefusal = 'used' | 'not_found';

/** A token is used once; `param` names the field the caller sent it in. */
export function tokenRefused(refusal: TokenRefusal, param: string): DomainError {
  return refusal === 'used'
    ? new ValidationError('token_already_used', 'This card token was already used; tokenize the card again', param)
    : new ValidationError('token_not_found', 'No such card token for this checkout', param);
}
