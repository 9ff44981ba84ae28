import { type ErrorCode, type ErrorCodeOf, ERROR_CODES, type ErrorKind } from './error-codes';

export type { ErrorKind };

/** An expected failure, by a declared code (`error-codes.ts`), which fixes its kind. */
export class DomainError extends Error {
  readonly kind: ErrorKind;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = ERROR_CODES[code];
  }
}

/** A request the caller must change: a code of kind `invalid`, usually naming the field. */
export class ValidationError extends DomainError {
  constructor(code: ErrorCodeOf<'invalid'>, message: string, param?: string) {
    super(code, message, param);
  }
}

/**
 * For a `.catch`: an id sent in a request body that names nothing is the caller's mistake in that field
 * (400 `code` on `param`), not a missing resource (404).
 */
export function asMissingParam(code: ErrorCodeOf<'invalid'>, param: string, id: string) {
  return (error: unknown): never => {
    if (error instanceof NotFoundError) throw new ValidationError(code, `No such ${param.replace(/_/g, ' ')}: '${id}'`, param);
    throw error;
  };
}

/** The same answer for an unknown id, another account's id and the other mode's id. */
export class NotFoundError extends DomainError {
  constructor(resource: string, id: string, param?: string) {
    super('resource_missing', `No such ${resource}: '${id}'`, param);
  }
}

/** Too many requests: 429 `rate_limited`, with how long to wait (the `Retry-After` header). */
export class RateLimited extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}
