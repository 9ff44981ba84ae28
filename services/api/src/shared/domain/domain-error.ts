/**
 * What went wrong, in terms the HTTP error mapper turns into a status and an error `type`.
 * Only `platform/http/error-mapper.ts` knows the statuses.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payment_failed'
  | 'too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_implemented'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class ValidationError extends DomainError {
  constructor(code: string, message: string, param?: string) {
    super('invalid', code, message, param);
  }
}

/**
 * For a `.catch`: an id sent in a request body that names nothing is the caller's mistake in that field
 * (400 `code` on `param`), not a missing resource (404).
 */
export function asMissingParam(code: string, param: string, id: string) {
  return (error: unknown): never => {
    if (error instanceof NotFoundError) throw new ValidationError(code, `No such ${param.replace(/_/g, ' ')}: '${id}'`, param);
    throw error;
  };
}

/** The same answer for an unknown id, another account's id and the other mode's id. */
export class NotFoundError extends DomainError {
  constructor(resource: string, id: string, param?: string) {
    super('not_found', 'resource_missing', `No such ${resource}: '${id}'`, param);
  }
}
